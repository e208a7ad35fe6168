import PetriProtocol
import PetriSimulation

/// A plan's position in a saved lesson (format version 6): the next moment, the pace (a byte: 0 teacher, 1 auto),
/// the skipped moments (a compact count, then each), the wait (a byte: 0 none, 1 run to, 2 arrive at, 3 question,
/// 4 until a time, 5 the teacher's Next; then its value, compact), the plan's latest question (optional, compact)
/// and the rate of the run under way (a double). The plan itself is the lesson's configuration's copy.
extension PlanRun {
    func write(to w: inout StateWriter) {
        w.appendCompact(next)
        w.append(pace == .auto ? 1 as UInt8 : 0)
        w.appendCompacts(skipped)
        switch waiting {
        case .none: w.append(0 as UInt8)
        case .run(let to):
            w.append(1 as UInt8)
            w.appendCompact(to)
        case .arrive(let at):
            w.append(2 as UInt8)
            w.appendCompact(at)
        case .question(let id):
            w.append(3 as UInt8)
            w.append(id)
        case .until(let time):
            w.append(4 as UInt8)
            w.append(time)
        case .teacher: w.append(5 as UInt8)
        }
        w.appendOptional(question) { $0.append($1) }
        w.append(currentRate)
    }

    mutating func read(from r: inout StateReader) throws(SimulationError) {
        let count = plan.moments.count
        next = try r.readCompact(in: 0...count, "a plan's next moment")
        pace = try r.readByte() == 1 ? .auto : .teacher
        skipped = try r.readCompacts(limit: count, in: 0...max(0, count - 1), "a skipped moment")
        switch try r.readByte() {
        case 0: waiting = .none
        case 1: waiting = .run(to: try r.readCompact(in: 0...Int.max, "a plan's run"))
        case 2: waiting = .arrive(at: try r.readCompact(in: 0...Int.max, "a plan's moment's generation"))
        case 3: waiting = .question(try r.read())
        case 4: waiting = .until(try r.readTimestamp())
        case 5: waiting = .teacher
        default: throw StateReader.corrupt("waits for a plan in a way this build does not know")
        }
        question = try r.readOptional { r throws(SimulationError) in try r.read() }
        currentRate = try r.readDouble()
    }
}
