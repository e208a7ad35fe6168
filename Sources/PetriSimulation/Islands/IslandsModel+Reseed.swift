extension IslandsModel {
    /// Does nothing: the islands model has no randomness, so every replicate repeats the real run.
    package mutating func reseed(_ seed: UInt64) {}
}
