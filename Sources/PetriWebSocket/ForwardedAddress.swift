import Glibc

/// Where a connection really comes from when it arrives through a reverse proxy we trust.
///
/// Behind nginx every student's TCP peer is the proxy (127.0.0.1), so per-address limits (the
/// connection cap, the failed-join limit) would count a whole school as one address. A peer
/// listed in `trustedProxies` may say who it forwards for in `X-Forwarded-For`
/// (`client, proxy1, proxy2`, each proxy appending the address it heard from). We take the
/// rightmost entry that is not itself a trusted proxy: entries further left came from the
/// client and can be forged. Anything unreadable leaves the peer's own address.
enum ForwardedAddress {
    static func client(peer: String, forwardedFor: String?, trusted: Set<String>) -> String {
        guard trusted.contains(peer), let forwardedFor else { return peer }
        for entry in forwardedFor.split(separator: ",").reversed() {
            let address = normalised(entry.trimmingWhitespace())
            guard isIPAddressLiteral(address) else { return peer }
            if !trusted.contains(address) { return address }
        }
        return peer
    }

    /// `::ffff:10.0.0.7` (an IPv4 address seen through an IPv6 socket) as `10.0.0.7`.
    static func normalised(_ address: String) -> String {
        address.hasPrefix("::ffff:") && address.contains(".") ? String(address.dropFirst(7)) : address
    }
}

/// Whether `text` is an IPv4 (`10.0.0.7`) or IPv6 (`::1`) address, as `inet_pton` reads them.
package func isIPAddressLiteral(_ text: String) -> Bool {
    var v4 = in_addr()
    var v6 = in6_addr()
    return text.withCString { inet_pton(AF_INET, $0, &v4) == 1 || inet_pton(AF_INET6, $0, &v6) == 1 }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
