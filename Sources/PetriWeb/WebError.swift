/// What can go wrong loading the browser pages.
public struct WebError: Error, Sendable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        /// A file in the pages directory could not be read.
        case unreadable
    }

    public let code: Code
    /// A sentence for the person running the server: what is wrong and what to do.
    public let description: String

    init(_ code: Code, _ description: String) {
        self.code = code
        self.description = description
    }
}
