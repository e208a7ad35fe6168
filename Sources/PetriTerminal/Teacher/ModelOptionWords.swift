/// The sentences of `petri teach new`'s model check (``ModelOptions``), in one place for the catalog.
enum ModelOptionWords {
    static func unknownModel(_ model: String, served: [String]) -> String {
        "The model must be one of \(served.joined(separator: ", ")) (the models this server describes), but was \(model)."
    }

    static func unknownParameter(model: String, option: String, options: [String]) -> String {
        "\(model) has no parameter --\(option); it has \(options.map { "--" + $0 }.joined(separator: ", "))."
    }
}
