import Foundation

extension ServerConfiguration {
    /// Checks every value, the TLS pair and the files settings name.
    ///
    /// ``load(file:environment:overrides:)`` calls this; call it yourself after changing a configuration in code.
    ///
    /// - Throws: ``ConfigurationError`` for the first problem, in the order of `Config/petri.yaml`.
    func validate() throws(ConfigurationError) {
        try validate(sources: [:])
    }

    /// Checks every value, naming where each offending value came from.
    ///
    /// - Parameters:
    ///   - sources: Where each setting (by YAML path) was last set; missing means the default.
    /// - Throws: ``ConfigurationError`` for the first problem.
    func validate(sources: [String: ConfigurationSource]) throws(ConfigurationError) {
        func source(_ path: String) -> ConfigurationSource { sources[path] ?? .defaultValue }

        for setting in ConfigurationSetting.all where !setting.isValid(self) {
            throw setting.invalid(in: self, from: source(setting.path))
        }
        switch (tls.certificate, tls.key) {
        case (.some, nil):
            throw .incompleteTLS(set: "tls.certificate", missing: "tls.key", source: source("tls.certificate"))
        case (nil, .some):
            throw .incompleteTLS(set: "tls.key", missing: "tls.certificate", source: source("tls.key"))
        case (let certificate?, let key?):
            for (path, file) in [("tls.certificate", certificate), ("tls.key", key)]
            where !FileManager.default.isReadableFile(atPath: file) {
                throw .missingFile(setting: path, path: file, source: source(path))
            }
        case (nil, nil):
            break
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: data.directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .invalidValue(
                setting: "data.directory", value: .text(String(reflecting: data.directory)),
                allowed: ServerWords.word("config.allowed.directoryNotFile"), source: source("data.directory"))
        }
    }
}
