import Testing

@testable import PetriSimulation

@Suite struct LifeVectorUnitTests {
    /// Sizes around every edge the kernels treat specially: one word, a partial word, a
    /// whole vector, a vector plus a tail, widths that are and are not multiples of 64.
    static let sides = [1, 2, 3, 63, 64, 65, 127, 128, 191, 255, 256, 257, 300, 320, 511, 577]

    @Test func portableIsAlwaysAvailableAndBestIsAvailable() {
        #expect(LifeVectorUnit.portable.isAvailable)
        #expect(LifeVectorUnit.best.isAvailable)
    }

    @Test(.enabled(if: LifeVectorUnit.avx2.isAvailable, "this CPU has no AVX2"))
    func bestIsAVX2OnACPUThatHasIt() {
        #expect(LifeVectorUnit.best == .avx2)
    }

    @Test(.enabled(if: LifeVectorUnit.avx2.isAvailable, "this CPU has no AVX2"))
    func avx2AndPortableKernelsAgreeBitForBitOnRandomBoardsAndRules() throws {
        // Given random boards of awkward sizes, densities, rules and both boundaries,
        var random = PetriRandom(seed: 0xA5C2)
        for round in 0..<60 {
            let width = Self.sides[random.nextInt(in: 0...Self.sides.count - 1)]
            let height = Self.sides[random.nextInt(in: 0...Self.sides.count - 1)]
            let density = random.nextUnit()
            // Conway for a quarter of the rounds (its own hand-written kernel), otherwise any rule.
            let rule =
                round % 4 == 0
                ? LifeRule.conway
                : LifeRule(
                    birthMask: UInt16(truncatingIfNeeded: random.next()) & 0x1FF,
                    survivalMask: UInt16(truncatingIfNeeded: random.next()) & 0x1FF)
            let boundary: LifeBoundary = round % 2 == 0 ? .bounded : .toroidal
            var portable = try LifeGrid(width: width, height: height, density: density, using: &random)
            var avx2 = portable
            // When both step the same generations,
            for generation in 0..<6 {
                let p = portable.step(rule: rule, boundary: boundary, using: .portable)
                let a = avx2.step(rule: rule, boundary: boundary, using: .avx2)
                // then every word (padding included) and every count is the same.
                let sameWords = avx2.words == portable.words
                #expect(
                    sameWords, "\(width)×\(height) \(rule) \(boundary) density \(density), generation \(generation)")
                #expect(a.births == p.births && a.deaths == p.deaths, "\(width)×\(height) \(rule) \(boundary)")
                if !sameWords { return }
            }
        }
    }

    @Test func portableKernelMatchesTheReferenceEngineOnRandomRules() throws {
        // The portable kernel is checked against the cell-by-cell reference, so agreement with
        // it means agreement with the rules, whichever unit is best on the machine running this.
        var random = PetriRandom(seed: 0x11FE)
        for round in 0..<20 {
            let width = Self.sides[random.nextInt(in: 0...Self.sides.count - 1)]
            let height = Self.sides[random.nextInt(in: 0...9)]
            let rule = LifeRule(
                birthMask: UInt16(truncatingIfNeeded: random.next()) & 0x1FF,
                survivalMask: UInt16(truncatingIfNeeded: random.next()) & 0x1FF)
            let boundary: LifeBoundary = round % 2 == 0 ? .bounded : .toroidal
            var grid = try LifeGrid(width: width, height: height, density: 0.4, using: &random)
            var reference = LifeReferenceGrid(grid)
            for _ in 0..<3 {
                let g = grid.step(rule: rule, boundary: boundary, using: .portable)
                let r = reference.step(rule: rule, boundary: boundary)
                #expect(g.births == r.births && g.deaths == r.deaths)
            }
            #expect(sameCells(grid, reference), "\(width)×\(height) \(rule) \(boundary)")
        }
    }
}
