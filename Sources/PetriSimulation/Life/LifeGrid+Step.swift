extension LifeGrid {
    /// Advances the board one generation.
    ///
    /// Steps whole words at a time with a bit-sliced neighbour-count adder (see `LifeStepper`);
    /// Conway's rule has a hand-written kernel, every other rule runs through a generic one.
    ///
    /// - Parameters:
    ///   - rule: the Life-like rule to apply.
    ///   - boundary: whether cells beyond the edge are dead or the board wraps around.
    /// - Returns: the number of cells born and the number that died.
    @discardableResult
    public mutating func step(rule: LifeRule, boundary: LifeBoundary) -> (births: Int, deaths: Int) {
        if rule == .conway {
            return step(with: LifeConwayKernel(), boundary: boundary)
        }
        return step(with: LifeGenericKernel(rule), boundary: boundary)
    }

    private mutating func step<K: LifeRuleKernel>(with kernel: K, boundary: LifeBoundary) -> (births: Int, deaths: Int)
    {
        let stepper = LifeStepper(
            kernel: kernel, width: width, height: height, wordsPerRow: wordsPerRow,
            toroidal: boundary == .toroidal, lastWordMask: lastWordMask
        )
        let count = words.count
        var counts = (births: 0, deaths: 0)
        // A fresh buffer each generation rather than a kept spare: a copy of the grid (an undo
        // checkpoint) then shares one buffer, not two.
        let next = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            words.withUnsafeBufferPointer { src in
                guard let from = src.baseAddress, let to = buffer.baseAddress else { return }
                counts = stepper.run(from: from, to: to)
            }
            initialized = count
        }
        words = next
        return counts
    }
}
