import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite struct CCallTests {
    @Test func aWriteCountPassesAndMinusOneBecomesABrokenConnection() throws {
        #expect(try lwsCheck(512, .writeFrame) == 512)
        #expect(try lwsCheck(0, .writeFrame) == 0)
        #expect(throws: TransportError(.connectionBroken, CCall.writeFrame.error.message)) {
            try lwsCheck(-1, .writeFrame)
        }
    }

    @Test func theHeaderBuildersFailOnAnyNonzeroCode() {
        // lws_add_http_header_* return 1 when the header does not fit: nonzero, not negative.
        #expect(throws: TransportError.self) { try lwsCheck(1, .writeHTTPHeaders) }
        #expect(throws: TransportError.self) { try lwsCheck(1, .addOriginHeader) }
        #expect(throws: TransportError.self) { try lwsCheck(1, .completeHTTP) }
        #expect((try? lwsCheck(0, .writeHTTPHeaders)) == 0)
    }

    @Test func aMissingContextSaysWhichAddressCouldNotBeListenedOn() {
        let missing: OpaquePointer? = nil
        #expect {
            _ = try lwsCheck(missing, .listen(host: "127.0.0.1", port: 8080))
        } throws: { error in
            let error = error as? TransportError
            return error?.code == .cannotListen && error?.message.contains("127.0.0.1:8080") == true
        }
    }
}
