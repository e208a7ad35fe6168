import CLibWebSockets

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
