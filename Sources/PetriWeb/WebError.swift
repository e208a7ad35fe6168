/// What can go wrong loading the browser pages.
struct WebError: Error, Sendable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        /// A file in the pages directory could not be read.
        case unreadable
    }

    let code: Code
    /// A sentence for the person running the server: what is wrong and what to do.
    let description: String

    init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
