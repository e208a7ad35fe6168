import Yams

/// A model file's `presentation:` section (MODELS-FORMAT.md, "Presentation"): how clients show the model, read into
/// the ``ModelPresentation`` its description carries.
extension TraitModelFile {
    /// The section as written: everything but the picture, the nouns and the headline may be left out.
    struct PresentationSection: Sendable, Hashable, Decodable {
        var picture: String
        var nouns: ModelPresentation.Nouns
        var headline: Headline
        var readings: [ModelPresentation.Reading]?
        var legend: [ModelPresentation.LegendEntry]?
        var traitColours: ModelPresentation.TraitColours?
        var suited: String?
        var marker: String?
        var extinct: String?
        var chart: Chart?

        struct Headline: Sendable, Hashable, Decodable {
            var metric: String
            var label: String
        }

        struct Chart: Sendable, Hashable, Decodable {
            var histogramTitle: String?
            var colouredBars: Bool?
        }
    }

    /// The pictures a trait model can draw (the others need another model's snapshot).
    static let traitPictures: [ModelPresentation.Picture] = [.traitField, .traitHistogram]

    /// How clients show the model: its `presentation:` section, or, for a file without one, a histogram of the
    /// trait with plain words (so a file a teacher adds is drawn by every client before it says more).
    package var modelPresentation: ModelPresentation {
        guard let section = presentation, let picture = ModelPresentation.Picture(rawValue: section.picture) else {
            let headline = metrics.first { $0.value == "population" }
            return ModelPresentation(
                picture: .traitHistogram, nouns: ModelPresentation.Nouns(one: "creature", many: "creatures"),
                headlineMetric: headline?.name ?? metrics.first?.name ?? "", headlineLabel: "Population",
                suited: "suited", marker: environment,
                extinct: metrics.contains { $0.value == "extinct" } ? "Extinct: none are left" : nil,
                chart: ModelPresentation.Chart(histogramTitle: "\(trait.label ?? trait.name) of the creatures"))
        }
        return ModelPresentation(
            picture: picture, nouns: section.nouns, headlineMetric: section.headline.metric,
            headlineLabel: section.headline.label, readings: section.readings ?? [], legend: section.legend ?? [],
            traitColours: section.traitColours, suited: section.suited, marker: section.marker,
            extinct: section.extinct,
            chart: ModelPresentation.Chart(
                histogramTitle: section.chart?.histogramTitle ?? "", colouredBars: section.chart?.colouredBars ?? false
            ))
    }

    /// Whether `text` is a colour as clients take it: `#rrggbb`.
    static func isColour(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let digits = Array("0123456789abcdefABCDEF".utf8)
        return bytes.count == 7 && bytes[0] == UInt8(ascii: "#") && bytes.dropFirst().allSatisfy(digits.contains)
    }

    /// What ``checkParts()`` checks of the presentation: what the decoder cannot (the picture, metric names,
    /// colours). ``check(_:)`` says the same with lines.
    func checkPresentation() throws(SimulationError) {
        guard let section = presentation else { return }
        func fail(_ sentence: String) -> SimulationError { SimulationError(.malformedInput, sentence) }
        guard let picture = ModelPresentation.Picture(rawValue: section.picture), Self.traitPictures.contains(picture)
        else {
            throw fail("presentation.picture must be traitField or traitHistogram, not \(section.picture).")
        }
        let names = Set(metrics.map(\.name))
        for metric in [section.headline.metric] + (section.readings ?? []).map(\.metric) where !names.contains(metric) {
            throw fail("presentation names the metric \(metric), which \(model) does not have.")
        }
        let colours =
            [section.traitColours?.low, section.traitColours?.high].compactMap { $0 }
            + (section.legend ?? []).map(\.colour)
        for colour in colours where !Self.isColour(colour) {
            throw fail("presentation's colour \(colour) is not #rrggbb.")
        }
        if picture == .traitField && section.traitColours == nil {
            throw fail("presentation.picture traitField needs traitColours.")
        }
    }
}

/// The presentation section, each mistake with its line.
extension Checker {
    static let presentationKeys: Set<String> = [
        "picture", "nouns", "headline", "readings", "legend", "traitColours", "suited", "marker", "extinct", "chart",
    ]

    mutating func checkPresentation() {
        guard let node = top["presentation"] else { return }
        guard let section = node.mapping else {
            add(node, "presentation must be a mapping with picture, nouns and headline (see MODELS-FORMAT.md).")
            return
        }
        for (key, _) in section where !Self.presentationKeys.contains(key.string ?? "") {
            add(
                key,
                "\"\(key.string ?? "?")\" is not a key of presentation; the keys are "
                    + "\(Self.presentationKeys.sorted().joined(separator: ", ")).")
        }
        for key in ["picture", "nouns", "headline"] where section[key] == nil {
            add(node, "presentation has no \(key); every presentation needs one (see MODELS-FORMAT.md).")
        }
        let pictures = TraitModelFile.traitPictures.map(\.rawValue)
        if let picture = section["picture"], !pictures.contains(picture.string ?? "") {
            add(
                picture,
                "\"\(picture.string ?? "")\" is not a picture a trait model draws; use "
                    + "\(pictures.joined(separator: " or ")).")
        }
        if section["picture"]?.string == "traitField" && section["traitColours"] == nil {
            add(node, "The picture traitField colours each creature, so presentation needs traitColours.")
        }
        for key in ["one", "many"] where section["nouns"].map({ $0.mapping?[key]?.string == nil }) ?? false {
            add(section["nouns"], "presentation.nouns needs \(key): what one and several creatures are called.")
        }
        checkPresentationMetrics(section)
        checkPresentationColours(section)
    }

    /// The headline and the readings name metrics of the file.
    mutating func checkPresentationMetrics(_ section: Node.Mapping) {
        let metrics = Set((top["metrics"]?.sequence ?? []).compactMap { $0.mapping?["name"]?.string })
        var named: [Node] = []
        if let headline = section["headline"] {
            if let metric = headline.mapping?["metric"] {
                named.append(metric)
            } else {
                add(
                    headline,
                    "presentation.headline needs metric and label, such as {metric: population, label: Population}.")
            }
            if headline.mapping?["label"] == nil, headline.mapping?["metric"] != nil {
                add(headline, "presentation.headline needs a label: what a chart calls the headline metric.")
            }
        }
        for reading in section["readings"]?.sequence ?? [] {
            if let metric = reading.mapping?["metric"], reading.mapping?["words"] != nil {
                named.append(metric)
            } else {
                add(
                    reading,
                    "Every presentation reading needs metric and words, such as {metric: meanTrait, words: mean}.")
            }
        }
        for node in named where !metrics.contains(node.string ?? "") {
            add(
                node,
                "presentation names the metric \(node.string ?? ""), which is not under metrics; "
                    + "name one of \(metrics.sorted().joined(separator: ", ")).")
        }
    }

    /// Every colour is `#rrggbb`.
    mutating func checkPresentationColours(_ section: Node.Mapping) {
        var colours: [Node] = []
        if let ramp = section["traitColours"]?.mapping {
            colours += [ramp["low"], ramp["high"]].compactMap { $0 }
            if ramp["low"] == nil || ramp["high"] == nil || ramp["names"]?.sequence?.isEmpty != false {
                add(section["traitColours"], "presentation.traitColours needs low, high and names (low to high).")
            }
        }
        colours += (section["legend"]?.sequence ?? []).compactMap { $0.mapping?["colour"] }
        for node in colours where !TraitModelFile.isColour(node.string ?? "") {
            add(
                node,
                "\"\(node.string ?? "")\" is not a colour; write it as # and six hex digits, such as \"#1a1a1a\" "
                    + "(in quotes: YAML reads # as a comment).")
        }
    }
}
