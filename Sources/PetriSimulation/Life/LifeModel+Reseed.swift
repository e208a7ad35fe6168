extension LifeModel {
    /// Does nothing: Life draws random numbers only for generation 0, so every replicate repeats the real run.
    package mutating func reseed(_ seed: UInt64) {}
}
