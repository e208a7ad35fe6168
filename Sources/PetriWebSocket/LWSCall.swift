import CLibWebSockets
import PetriTransport

/// The one place C return codes become typed Swift errors.
enum LWSCall {
    /// Checks a pointer-returning lws call.
    ///
    /// - Throws: ``TransportError`` with `code` and `message` when `value` is nil.
    static func check<T>(_ value: T?, _ code: TransportError.Code, _ message: @autoclosure () -> String)
        throws(TransportError) -> T
    {
        guard let value else { throw TransportError(code, message()) }
        return value
    }

    /// Checks an int-returning lws call where negative means failure.
    ///
    /// - Throws: ``TransportError`` with `code` and `message` when `result` is negative.
    static func check(_ result: Int32, _ code: TransportError.Code, _ message: @autoclosure () -> String)
        throws(TransportError)
    {
        guard result >= 0 else { throw TransportError(code, message()) }
    }
}

/// Bytes lws needs in front of each payload given to `lws_write`.
let lwsPre = Int(petri_lws_pre())

/// A C string copy that lives until `free` (lws keeps pointers into its creation info).
struct CStrings {
    private var owned: [UnsafeMutablePointer<CChar>] = []

    mutating func copy(_ s: String?) -> UnsafePointer<CChar>? {
        guard let s else { return nil }
        guard let p = strdup(s) else { return nil }
        owned.append(p)
        return UnsafePointer(p)
    }

    mutating func freeAll() {
        for p in owned { free(p) }
        owned = []
    }
}
