import CLifeKernel

extension LifeGrid {
    /// Advances the board one generation.
    ///
    /// Steps whole words at a time with a bit-sliced neighbour-count adder (see `LifeStepper`);
    /// Conway's rule has a hand-written kernel, every other rule runs through a generic one.
    ///
    /// - Parameters:
    ///   - rule: the Life-like rule to apply.
    ///   - boundary: whether cells beyond the edge are dead or the board wraps around.
    ///   - unit: the vector unit to step with; a unit this CPU lacks (see
    ///     ``LifeVectorUnit/isAvailable``) steps with ``LifeVectorUnit/portable`` instead. Every
    ///     unit gives the same board.
    /// - Returns: the number of cells born and the number that died.
    @discardableResult
    package mutating func step(
        rule: LifeRule, boundary: LifeBoundary, using unit: LifeVectorUnit = .best
    ) -> (births: Int, deaths: Int) {
        if unit == .avx2 && unit.isAvailable {
            return stepAVX2(rule: rule, boundary: boundary)
        }
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
        var counts = (births: 0, deaths: 0)
        nextGeneration { from, to in counts = stepper.run(from: from, to: to) }
        return counts
    }

    /// One generation through the C kernel (the caller has checked that the CPU has AVX2).
    private mutating func stepAVX2(rule: LifeRule, boundary: LifeBoundary) -> (births: Int, deaths: Int) {
        var parameters = petri_life_step_parameters()
        parameters.width = Int64(width)
        parameters.height = Int64(height)
        parameters.words_per_row = Int64(wordsPerRow)
        parameters.last_word_mask = lastWordMask
        parameters.toroidal = boundary == .toroidal
        parameters.conway = rule == .conway
        withUnsafeMutableBytes(of: &parameters.born) { born in
            withUnsafeMutableBytes(of: &parameters.flip) { flip in
                let masks = LifeGenericKernel.masks(rule)
                for t in 0..<10 {
                    born.storeBytes(of: masks.born[t], toByteOffset: t * 8, as: UInt64.self)
                    flip.storeBytes(of: masks.flip[t], toByteOffset: t * 8, as: UInt64.self)
                }
            }
        }
        var births: Int64 = 0
        var deaths: Int64 = 0
        let scratchCount = 3 * wordsPerRow + 4
        nextGeneration { from, to in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: scratchCount) { scratch in
                guard let base = scratch.baseAddress else { return }
                petri_life_step_avx2(&parameters, from, to, base, &births, &deaths)
            }
        }
        return (Int(births), Int(deaths))
    }

    /// Replaces the board with what `body` writes from the current words into a new buffer.
    private mutating func nextGeneration(
        _ body: (UnsafePointer<UInt64>, UnsafeMutablePointer<UInt64>) -> Void
    ) {
        let count = words.count
        // A fresh buffer each generation rather than a kept spare: a copy of the grid (an undo
        // checkpoint) then shares one buffer, not two.
        let next = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            words.withUnsafeBufferPointer { src in
                guard let from = src.baseAddress, let to = buffer.baseAddress else { return }
                body(from, to)
            }
            initialized = count
        }
        words = next
    }
}
