/// Conway's Game of Life (and every Life-like rule) as a classroom model.
///
/// Generation 0 is a random soup, a pattern, or a pattern on a soup (see ``Parameters``). Each
/// ``step()`` applies the rule to every cell at once on the bit-packed ``LifeGrid``. Life needs
/// no randomness after generation 0, so the model keeps no generator: the seed only decides the
/// starting soup. The run never ends (a dead board stays dead), so ``isOver`` is always false.
///
/// ```swift
/// var life = try LifeModel(parameters: .init(width: 40, height: 30, pattern: "glider"), seed: 7)
/// life.step()
/// try life.value(of: MetricID("liveCells"))   // 5
/// ```
package struct LifeModel: SimulationModel {
    package typealias Snapshot = LifeSnapshot

    package static let kind = ModelKind.life

    /// The parameters, kept current: `rule` (canonical) and `boundary` follow teacher changes.
    package internal(set) var parameters: Parameters
    /// The board.
    package internal(set) var grid: LifeGrid
    /// The rule every cell follows; the teacher may change it between generations.
    package internal(set) var rule: LifeRule
    /// Whether the board wraps around; the teacher may change it between generations.
    package internal(set) var boundary: LifeBoundary
    /// Generations stepped since generation 0.
    package internal(set) var generation: Int
    /// Cells born in the last generation (0 at generation 0).
    package internal(set) var births: Int
    /// Cells that died in the last generation (0 at generation 0).
    package internal(set) var deaths: Int
    /// Live cells now, kept up to date from births and deaths.
    package internal(set) var liveCells: Int
    /// Recent boards' fingerprints, for ``period``.
    var history: LifePeriodDetector

    package var isOver: Bool { false }

    package var endMessage: String? { nil }

    /// True when the last generation changed no cell (false at generation 0).
    var isStill: Bool { generation > 0 && births == 0 && deaths == 0 }

    /// The oscillation period (1 for a still board) when the board repeats within the last 15
    /// generations since the last edit; 0 when none is detected.
    var period: Int { history.period }

    /// Creates generation 0.
    ///
    /// Checks the parameters in order (`width`, `height`, `rule`, `density`, `pattern`), fills
    /// the board at random with `density` (default 0.35 when there is no pattern, otherwise 0),
    /// then places `pattern`, if any, in the centre.
    ///
    /// - Parameters:
    ///   - parameters: board size, rule, boundary and starting cells.
    ///   - seed: decides the random soup.
    /// - Throws: ``SimulationError`` naming the first invalid parameter.
    package init(parameters: Parameters, seed: UInt64) throws(SimulationError) {
        var grid = try LifeGrid(width: parameters.width, height: parameters.height)
        let rule = try LifeRule(parsing: parameters.rule)
        if let density = parameters.density {
            try SimulationError.check("density", density, in: Parameters.densityRange)
        }
        let pattern = try parameters.pattern.map { (text) throws(SimulationError) in
            try LifePattern(resolving: text, maxWidth: grid.width, maxHeight: grid.height)
        }
        let density = parameters.density ?? (pattern == nil ? Parameters.defaultDensity : 0)
        if density > 0 {
            var random = PetriRandom(seed: seed)
            try grid.randomize(density: density, using: &random)
        }
        if let pattern {
            let cells = pattern.cells
            grid.paste(
                cells, atX: (grid.width - cells.width) / 2, y: (grid.height - cells.height) / 2, boundary: .bounded)
        }
        var parameters = parameters
        parameters.rule = rule.description
        self.init(
            parameters: parameters, grid: grid, rule: rule, boundary: parameters.boundary, generation: 0,
            births: 0, deaths: 0, history: LifePeriodDetector(grid.fingerprint)
        )
    }

    /// Assembles a model from validated parts (generation 0 or restored state).
    init(
        parameters: Parameters, grid: LifeGrid, rule: LifeRule, boundary: LifeBoundary, generation: Int,
        births: Int, deaths: Int, history: LifePeriodDetector
    ) {
        self.parameters = parameters
        self.grid = grid
        self.rule = rule
        self.boundary = boundary
        self.generation = generation
        self.births = births
        self.deaths = deaths
        self.liveCells = grid.population
        self.history = history
    }

    /// Advances one generation: every cell follows the rule at once.
    package mutating func step() {
        let counts = grid.step(rule: rule, boundary: boundary)
        births = counts.births
        deaths = counts.deaths
        liveCells += births - deaths
        generation += 1
        // An unchanged board has an unchanged fingerprint; skip rehashing it.
        history.record(births == 0 && deaths == 0 ? history.newest : grid.fingerprint)
    }
}
