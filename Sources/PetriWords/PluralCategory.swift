/// CLDR's plural categories: which form of a sentence a number takes.
///
/// A language uses some of them (English `one` and `other`; Welsh and Arabic all six); `other`
/// is in every language and is what a catalog must always give.
package enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}
