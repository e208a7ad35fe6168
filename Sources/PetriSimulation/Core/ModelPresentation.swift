/// How a model is shown, said once by the model and read by every client (the pages, the terminal), so that no
/// client names a model and a server that adds one needs no client change.
///
/// The picture is one of a small closed set; everything else is words, metric names and colours. Colours are
/// `#rrggbb`. Metric names are ones the model's ``ModelDescription/metrics`` or stats carry.
package struct ModelPresentation: Sendable, Hashable, Codable {
    /// The pictures a client knows how to draw. A new kind of picture is a client change; a new model that draws
    /// one of these is not.
    package enum Picture: String, Sendable, Hashable, Codable {
        /// Creatures scattered on a background: each creature coloured by its trait on ``traitColours``, the
        /// background the environment's value on the same ramp, the suited ones outlined on request. The snapshot
        /// is a trait snapshot (`traitCounts` from `traitMin`, `environmentValue`, `target`, `suited`).
        case traitField
        /// A histogram of the trait with the value the environment favours marked (`target`). Same snapshot.
        case traitHistogram
        /// A tile map of sea, empty land and one hue per species (the islands snapshot).
        case islandMap
        /// A board of live and dead cells (the Life snapshot).
        case cellBoard
    }

    /// What one and several of the model's things are called, e.g. moth / moths, live cell / live cells.
    package struct Nouns: Sendable, Hashable, Codable {
        package var one: String
        package var many: String

        package init(one: String, many: String) {
            self.one = one
            self.many = many
        }
    }

    /// One metric shown with a short word beside it (the terminal's side panel, the spoken summary).
    package struct Reading: Sendable, Hashable, Codable {
        /// The metric's name.
        package var metric: String
        /// A few words, e.g. `mean colour`, `dose`, `well fed`.
        package var words: String

        package init(metric: String, words: String) {
            self.metric = metric
            self.words = words
        }
    }

    /// One line of the picture's legend: a colour and what it means.
    package struct LegendEntry: Sendable, Hashable, Codable {
        package var colour: String
        package var words: String

        package init(colour: String, words: String) {
            self.colour = colour
            self.words = words
        }
    }

    /// A trait picture's colours: the trait's lowest value is `low`, its highest `high`, linearly between; `names`
    /// split the range into equal parts from low to high (e.g. black, dark, grey, light, white), for captions and
    /// screen readers.
    package struct TraitColours: Sendable, Hashable, Codable {
        package var low: String
        package var high: String
        package var names: [String]

        package init(low: String, high: String, names: [String]) {
            self.low = low
            self.high = high
            self.names = names
        }
    }

    /// What the charts show before anyone picks.
    package struct Chart: Sendable, Hashable, Codable {
        /// The histogram's title without the generation, e.g. `Moths by colour`, `Tiles per species`.
        package var histogramTitle: String
        /// True when the histogram's bars take the trait's colour (from ``ModelPresentation/traitColours``).
        var colouredBars: Bool

        package init(histogramTitle: String, colouredBars: Bool = false) {
            self.histogramTitle = histogramTitle
            self.colouredBars = colouredBars
        }
    }

    package var picture: Picture
    /// The model's things: creatures, species, cells.
    package var nouns: Nouns
    /// The metric the over-time chart, the status line and the spoken summary lead with (e.g. `population`).
    package var headlineMetric: String
    /// What the headline is called on a chart, e.g. `Population`, `Species`, `Live cells`.
    package var headlineLabel: String
    /// Further readings for a side panel and the spoken summary after the headline, in order.
    package var readings: [Reading]
    /// The picture's legend (may be empty: a trait field's legend is its colour names).
    package var legend: [LegendEntry]
    /// A trait picture's colours; nil for the others.
    package var traitColours: TraitColours?
    /// A trait picture's words for its suited creatures, e.g. `best camouflaged`, `resistant (at or above the dose)`.
    package var suited: String?
    /// A trait histogram's words for its marker, e.g. `the dose`, `the best beak for the seeds`; a trait field's
    /// for the background, e.g. `background colour`.
    package var marker: String?
    /// The sentence drawn over the picture when nothing is left, e.g. `Extinct: no moths are left`; nil when the
    /// model cannot die out (a question's "it dies out" option is offered only when this is set).
    package var extinct: String?
    package var chart: Chart

    package init(
        picture: Picture, nouns: Nouns, headlineMetric: String, headlineLabel: String, readings: [Reading] = [],
        legend: [LegendEntry] = [], traitColours: TraitColours? = nil, suited: String? = nil, marker: String? = nil,
        extinct: String? = nil, chart: Chart
    ) {
        self.picture = picture
        self.nouns = nouns
        self.headlineMetric = headlineMetric
        self.headlineLabel = headlineLabel
        self.readings = readings
        self.legend = legend
        self.traitColours = traitColours
        self.suited = suited
        self.marker = marker
        self.extinct = extinct
        self.chart = chart
    }
}
