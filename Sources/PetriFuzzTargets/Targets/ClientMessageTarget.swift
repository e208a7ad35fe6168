import PetriProtocol

/// The server's first contact with a client's bytes.
enum ClientMessageTarget {
    static func run(_ input: [UInt8]) -> String? {
        let decoder = ProtocolDecoder()
        guard let message = try? decoder.decodeClientMessage(input) else { return nil }
        let encoded: [UInt8]
        do {
            encoded = try ProtocolEncoder().encode(message)
        } catch {
            return "decoded \(message) but could not encode it: \(error)"
        }
        do {
            let again = try decoder.decodeClientMessage(encoded)
            return again == message ? nil : "\(message) came back as \(again)"
        } catch {
            let text = String(decoding: encoded, as: UTF8.self)
            return "decoded \(message), encoded it as \(text), which failed: \(error)"
        }
    }

    static let seeds: [[UInt8]] = [
        #"{"type":"join","code":"K7QX2M","name":"Ada"}"#,
        #"{"type":"resume","code":"K7QX2M","token":"abcdefghijklmnopqrstuv","lastSeen":{"timeline":1,"generation":12}}"#,
        #"{"type":"step","count":5}"#,
        #"{"type":"run","rate":2.5}"#,
        #"{"type":"setParameter","name":"mutationRate","value":0.05}"#,
        #"{"type":"toggle","x":3,"y":4}"#,
        #"{"type":"place","pattern":"glider","x":1,"y":1}"#,
        #"{"allowChange":false,"hint":"Look back","horizon":10,"kind":"number","metric":"population","prompt":"How many?","timeLimit":60,"tolerance":20,"type":"ask"}"#,
        #"{"horizon":5,"kind":"choice","metric":"population","options":[{"label":"extinct","when":{"op":"over"}},{"label":"grow","when":{"op":"gt","ref":"asked"}},{"label":"same","when":{"op":"otherwise"}}],"type":"ask"}"#,
        #"{"event":{"op":"lt","value":10},"horizon":20,"kind":"probability","metric":"population","type":"ask"}"#,
        #"{"number":41.5,"question":3,"type":"answer"}"#,
        #"{"choice":2,"question":3,"type":"answer"}"#,
        #"{"probability":0.7,"question":3,"type":"answer"}"#,
        #"{"type":"clone","changes":[{"name":"width","value":32}]}"#,
        #"{"type":"create","teacherKey":"key","model":"life","parameters":{"width":16,"height":16},"seed":"42"}"#,
        #"{"type":"history","from":0,"to":10}"#,
        #"{"type":"kick","student":2}"#,
        #"{"type":"ping"}"#,
    ].map { Array($0.utf8) }
}
