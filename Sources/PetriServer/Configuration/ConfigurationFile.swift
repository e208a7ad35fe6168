import Foundation
import PetriWords
import Yams

/// Reads a `petri.yaml` into raw entries with their line numbers.
///
/// It knows the shape of the file (sections of `key: value` lines, camelCase keys) and rejects unknown keys,
/// but not which values are allowed: that is ``ServerConfiguration``'s job, once every layer is merged.
enum ConfigurationFile {
    /// Reads and parses the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file, as the user wrote it (messages repeat it unchanged).
    ///   - source: What named the file (`--config`, `PETRI_CONFIG`, or the default), for the unreadable-file error.
    /// - Throws: ``ConfigurationError`` when the file cannot be read, is not YAML, or names an unknown setting.
    static func entries(path: String, namedBy source: ConfigurationSource) throws(ConfigurationError)
        -> [ConfigurationEntry]
    {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, source: source)
        }
        guard let text = String(data: bytes, encoding: .utf8) else {
            throw .malformedFile(path: path, line: nil, problem: .word(ServerWords.word("config.problem.notUTF8")))
        }
        return try entries(yaml: text, path: path)
    }

    /// Parses YAML text as if it came from the file at `path`.
    ///
    /// - Parameters:
    ///   - yaml: The file's contents.
    ///   - path: The file's name for error sentences.
    /// - Throws: ``ConfigurationError`` when the text is not YAML or names an unknown setting.
    static func entries(yaml: String, path: String) throws(ConfigurationError) -> [ConfigurationEntry] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw translate(error, path: path)
        } catch {
            throw .malformedFile(path: path, line: nil, problem: .text(String(describing: error)))
        }
        guard let root, root.null == nil else { return [] }
        guard case .mapping(let sections) = root else {
            throw .notAConfiguration(path: path, line: root.mark?.line)
        }
        var entries: [ConfigurationEntry] = []
        for (sectionKey, sectionValue) in sections {
            let section = sectionKey.string ?? ""
            let line = sectionKey.mark?.line
            guard ConfigurationSetting.sections.contains(section) else {
                throw .unknownSetting(
                    section, source: .file(path: path, line: line),
                    suggestion: ConfigurationSuggestion.closest(to: section, among: ConfigurationSetting.sections))
            }
            if sectionValue.null != nil { continue }
            guard case .mapping(let settings) = sectionValue else {
                throw .invalidValue(
                    setting: section, value: value(of: sectionValue).shown(),
                    allowed: ServerWords.word("config.allowed.section"),
                    source: .file(path: path, line: line))
            }
            for (key, node) in settings {
                let settingPath = "\(section).\(key.string ?? "")"
                let source = ConfigurationSource.file(path: path, line: key.mark?.line ?? line)
                guard ConfigurationSetting.named(settingPath) != nil else {
                    throw .unknownSetting(
                        settingPath, source: source,
                        suggestion: ConfigurationSuggestion.closest(
                            to: settingPath, among: ConfigurationSetting.all.map(\.path)))
                }
                entries.append(ConfigurationEntry(path: settingPath, value: value(of: node), source: source))
            }
        }
        return entries
    }

    /// A node as a raw value: plain `~`/`null`/empty is ``ConfigurationValue/null``, a list of plain values is a
    /// list, anything deeper is ``ConfigurationValue/nested``.
    private static func value(of node: Node) -> ConfigurationValue {
        if node.null != nil { return .null }
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar.string)
        case .sequence(let sequence):
            var items: [String] = []
            for item in sequence {
                guard case .scalar(let scalar) = item, item.null == nil else { return .nested }
                items.append(scalar.string)
            }
            return .list(items)
        case .mapping, .alias:
            return .nested
        }
    }

    /// One sentence from a Yams error, keeping its line number.
    private static func translate(_ error: YamlError, path: String) -> ConfigurationError {
        switch error {
        case .scanner(_, let problem, let mark, let yaml), .parser(_, let problem, let mark, let yaml):
            // libyaml's complaint about a tab is cryptic; say what to do about it.
            let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let hasTab = lines.indices.contains(mark.line - 1) && lines[mark.line - 1].contains("\t")
            // The parser's own words are libyaml's, in English; what to do about a tab is ours.
            let said = WordArgument.text(problem)
            return .malformedFile(
                path: path, line: mark.line,
                problem: hasTab ? .word(ServerWords.word("config.problem.tabs", ["problem": said])) : said)
        case .composer(let context, let problem, let mark, _):
            let problem = context.map { "\($0.text), \(problem)" } ?? problem
            return .malformedFile(path: path, line: mark.line, problem: .text(problem))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return .duplicateSetting(
                duplicates.first ?? "?", source: .file(path: path, line: context.mark.line))
        case .reader(let problem, _, _, _):
            return .malformedFile(path: path, line: nil, problem: .text(problem))
        default:
            return .malformedFile(path: path, line: nil, problem: .text(String(describing: error)))
        }
    }
}
