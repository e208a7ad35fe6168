import PetriProtocol
import PetriSimulation
import PetriWords

/// What the state does with a server message before folding it in: its plausibility, its words made safe to draw,
/// and the one-line descriptions of errors, a hunt's end and the replicates.
extension LessonState {
    /// Generations and timelines this client accepts (far beyond any real lesson), so arithmetic on them cannot overflow.
    static let plausible = 0...1_000_000_000

    /// Whether a message's generations and timelines are within ``plausible``.
    static func isPlausible(_ message: ServerMessage) -> Bool {
        let ok = { (n: Int) in plausible.contains(n) }
        switch message {
        case .welcome(let w): return ok(w.position.generation) && ok(w.position.timeline) && ok(w.historyFrom)
        case .snapshot(let h, _): return ok(h.generation) && ok(h.timeline)
        case .stats(let timeline, let stats): return ok(timeline) && ok(stats.generation)
        case .history(let page):
            return ok(page.timeline) && ok(page.from) && ok(page.to) && page.stats.allSatisfy { ok($0.generation) }
        case .rewound(let p), .restored(let p): return ok(p.generation) && ok(p.timeline)
        case .question(let q): return ok(q.askedAt) && ok(q.target)
        case .resolved(let r): return ok(r.generation)
        case .replicates(let b):
            return ok(b.timeline) && ok(b.generation) && (1...1000).contains(b.horizon)
                && [b.median, b.low, b.high].allSatisfy { $0.count == b.horizon + 1 }
        case .checkpointSaved(let g): return ok(g)
        case .makeupPosition(let p):
            return ok(p.generation) && ok(p.timeline) && ok(p.moments) && p.moment >= 1 && p.moment <= p.moments
        default: return true
        }
    }

    /// One line for an error from the server: its sentence, or the code when there is none.
    static func describe(_ error: ProtocolError, in language: Language) -> String {
        let message = TerminalText.sanitise(error.message, maxCharacters: 300)
        return message.isEmpty
            ? TerminalWords.text("terminal.notice.refused", ["code": .text(error.code.rawValue)], in: language)
            : message
    }

    /// A presentation whose every word is safe to draw (it comes from the server).
    static func sanitised(_ presentation: ModelPresentation) -> ModelPresentation {
        let clean = { (text: String) in TerminalText.sanitise(text, maxCharacters: 80) }
        var p = presentation
        p.nouns = ModelPresentation.Nouns(one: clean(p.nouns.one), many: clean(p.nouns.many))
        p.headlineMetric = clean(p.headlineMetric)
        p.headlineLabel = clean(p.headlineLabel)
        p.readings = p.readings.prefix(12).map {
            ModelPresentation.Reading(metric: clean($0.metric), words: clean($0.words))
        }
        p.legend = p.legend.prefix(12).map {
            ModelPresentation.LegendEntry(colour: clean($0.colour), words: clean($0.words))
        }
        p.traitColours = p.traitColours.map {
            ModelPresentation.TraitColours(
                low: clean($0.low), high: clean($0.high), names: $0.names.prefix(12).map(clean))
        }
        p.suited = p.suited.map(clean)
        p.marker = p.marker.map(clean)
        p.extinct = p.extinct.map(clean)
        p.chart.histogramTitle = clean(p.chart.histogramTitle)
        return p
    }

    /// A round's end as one line: how many the class caught and left alive, and the mean colour of each.
    static func describe(_ summary: HuntSummary, in language: Language) -> String {
        let mean = { (value: Double?) in
            value.map { Format.number($0, decimals: 1) } ?? TerminalWords.text("terminal.hunt.none", in: language)
        }
        return TerminalWords.text(
            "terminal.hunt.ended",
            [
                "round": .int(summary.round), "caught": .int(summary.caughtBins.reduce(0, &+)),
                "alive": .int(summary.aliveBins.reduce(0, &+)), "caughtMean": .text(mean(summary.caughtMean)),
                "aliveMean": .text(mean(summary.aliveMean)),
            ], in: language)
    }

    /// The replicates as one line, for screens without a chart: where the band ends and how many ended.
    static func describe(_ bands: ReplicateBands, in language: Language) -> String {
        let metric = TerminalText.sanitise(bands.metric, maxCharacters: 64)
        let last = bands.horizon
        let end = bands.generation + last
        var line = TerminalWords.text(
            "terminal.notice.replicates",
            [
                "count": .int(bands.replicates), "metric": .text(metric), "from": .int(bands.generation),
                "end": .int(end), "median": .text(Format.number(bands.median[last])),
                "low": .text(Format.number(bands.low[last])), "high": .text(Format.number(bands.high[last])),
            ], in: language)
        if let first = bands.extinctAt.first {
            line += TerminalWords.text(
                "terminal.notice.replicatesExtinct",
                ["share": .text(Format.percent(bands.extinctFraction)), "generation": .int(first)], in: language)
        }
        return line + "."
    }
}
