import Foundation

/// The names a server registers with libwebsockets: the subprotocols it speaks, then the ones it
/// refuses with an HTTP answer, and the one trick that lets a refused name step aside.
///
/// Why refused names are registered at all: lws 4.1 picks the first name in the client's
/// `Sec-WebSocket-Protocol` list that the vhost knows (`lws_process_ws_upgrade`), and when it
/// knows none it closes the socket with no HTTP response and calls no callback on the way (only
/// `LWS_CALLBACK_HTTP_CONFIRM_UPGRADE` runs earlier, and we do not handle it: CVE-2025-11677). A
/// refused name it knows reaches `LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION`, which can write a 400.
///
/// Why a refused name may have to step aside: for `petri.v2, petri.v1` lws binds the refused
/// `petri.v2` (the client's order wins), and lws 4.1 exports no way to rebind (`lws_bind_protocol`
/// is internal). Its 101 response names `wsi->protocol->name`, read through the pointer we gave
/// it, right after the filter callback returns and before any other callback runs (the next one
/// is `LWS_CALLBACK_ADD_HEADERS`). So the filter writes the served name into the refused name's
/// buffer (``standIn(_:for:)``) and the engine's next callback, whichever it is, puts it back
/// (``restore()``). In between lws looks no name up, and even if the swap outlived its moment, a
/// lookup would find the real served entry first (it comes first) and the refused name would
/// merely be unknown, as it is without this table. Service thread only.
struct SubprotocolTable {
    /// Names this server speaks, first the one a client offering none is bound to.
    let served: [String]
    /// Names answered with ``refusalBody`` (none of them served).
    let refused: [String]
    /// The 400 body for an offer that names no served subprotocol.
    let refusalBody: [UInt8]
    /// Each refused name's buffer (room for the longest served name too), in ``refused`` order.
    private var buffers: [UnsafeMutablePointer<CChar>] = []
    /// The buffer now holding a served name, and the refused name it must get back.
    private var swapped: (buffer: UnsafeMutablePointer<CChar>, name: String)?

    init(served: [String], refused: [String]) {
        self.served = served
        self.refused = refused.filter { !served.contains($0) }
        let speaks = served.joined(separator: " or ")
        let message =
            "This server speaks \(speaks); offer \(served.count == 1 ? "it" : "one")"
            + " in Sec-WebSocket-Protocol (or offer none)."
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        refusalBody = Array((try? encoder.encode(["error": "unsupported-subprotocol", "message": message])) ?? Data())
        let room = (served + self.refused).map(\.utf8.count).max() ?? 0
        for name in self.refused {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: room + 1)
            write(name, to: buffer)
            buffers.append(buffer)
        }
    }

    /// The C string of ``refused``[`index`] for lws's protocol list; valid until ``free()``.
    func refusedName(at index: Int) -> UnsafePointer<CChar> { UnsafePointer(buffers[index]) }

    /// Whether `name` (the protocol lws bound) is one this server refuses.
    func isRefused(_ name: String) -> Bool { refused.contains(name) }

    /// The first served name in a `Sec-WebSocket-Protocol` value (a comma-separated list), if any.
    func firstServed(in offer: String) -> String? {
        offer.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { served.contains($0) }
    }

    /// Makes the refused name `refusedName` read as `servedName` until ``restore()``.
    mutating func standIn(_ servedName: String, for refusedName: String) {
        restore()
        guard served.contains(servedName), let i = refused.firstIndex(of: refusedName) else { return }
        write(servedName, to: buffers[i])
        swapped = (buffers[i], refusedName)
    }

    /// Puts back the refused name a ``standIn(_:for:)`` replaced (cheap when there is none).
    mutating func restore() {
        guard let (buffer, name) = swapped else { return }
        write(name, to: buffer)
        swapped = nil
    }

    /// Frees the buffers; call once lws no longer holds the protocol list.
    mutating func free() {
        for buffer in buffers { buffer.deallocate() }
        buffers = []
        swapped = nil
    }

    private func write(_ name: String, to buffer: UnsafeMutablePointer<CChar>) {
        let bytes = Array(name.utf8CString)  // NUL-terminated; never longer than the room given at init
        buffer.update(from: bytes, count: bytes.count)
    }
}
