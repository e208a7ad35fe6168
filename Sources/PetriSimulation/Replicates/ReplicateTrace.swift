/// What one replicate did: a metric's value at each generation from its start, and when its run ended.
package struct ReplicateTrace: Sendable, Hashable {
    /// The metric at the starting generation and at each of the `horizon` generations after it.
    /// A run that ended keeps its last value (a model's step is a no-op once it is over).
    package var values: [Double]
    /// The generation at which the run ended (e.g. the population died out), if it did.
    package var endedAt: Int?

    package init(values: [Double], endedAt: Int?) {
        self.values = values
        self.endedAt = endedAt
    }
}

/// Finished replicates are logged (a restart must show the same bands and placements), so a trace
/// is JSON: `values` is base64 of each value's 8 bytes (its IEEE bit pattern, least significant
/// byte first). Exact, NaN included (a generation the metric has no value at, which JSON numbers
/// cannot hold), and under 11 characters a value where decimal text takes up to 24.
extension ReplicateTrace: Codable {
    private enum CodingKeys: String, CodingKey {
        case values, endedAt
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 8)
        for value in values {
            let bits = value.bitPattern
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        }
        try container.encode(LifeBase64.encode(bytes), forKey: .values)
        try container.encodeIfPresent(endedAt, forKey: .endedAt)
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .values)
        guard let bytes = LifeBase64.decode(text), bytes.count % 8 == 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .values, in: container,
                debugDescription: "values must be base64 of 8 bytes per value, but was not.")
        }
        values = stride(from: 0, to: bytes.count, by: 8).map { start in
            var bits: UInt64 = 0
            for k in 0..<8 { bits |= UInt64(bytes[start + k]) << (8 * UInt64(k)) }
            return Double(bitPattern: bits)
        }
        endedAt = try container.decodeIfPresent(Int.self, forKey: .endedAt)
    }
}
