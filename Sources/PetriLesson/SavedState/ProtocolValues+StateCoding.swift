import PetriProtocol
import PetriSimulation

// The byte layouts of the wire and model values a lesson keeps. Cases with payloads are
// written as a tag byte (the numbers below, fixed forever) followed by the payload.

/// Tag 0 number (8-byte double), 1 text, 2 flag (byte).
extension ParameterValue: StateCodable {
    func write(to writer: inout StateWriter) {
        switch self {
        case .number(let x):
            writer.append(0 as UInt8)
            writer.append(x)
        case .text(let s):
            writer.append(1 as UInt8)
            writer.appendText(s)
        case .flag(let b):
            writer.append(2 as UInt8)
            writer.append(b)
        }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        switch try reader.readByte() {
        case 0: self = .number(try reader.readDouble())
        case 1: self = .text(try reader.readText())
        case 2: self = .flag(try reader.readBool())
        case let tag: throw StateReader.corrupt("has a parameter value of unknown kind \(tag)")
        }
    }
}

/// Tag 0 set (name, value), 1 toggle (x, y), 2 place (pattern, x, y), 3 hunt (count, indices, formula); numbers
/// compact.
extension ModelAction: StateCodable {
    func write(to writer: inout StateWriter) {
        switch self {
        case .set(let name, let value):
            writer.append(0 as UInt8)
            writer.appendText(name)
            writer.append(value)
        case .toggle(let x, let y):
            writer.append(1 as UInt8)
            writer.appendCompact(x)
            writer.appendCompact(y)
        case .place(let pattern, let x, let y):
            writer.append(2 as UInt8)
            writer.appendText(pattern)
            writer.appendCompact(x)
            writer.appendCompact(y)
        case .hunt(let caught, let formula):
            writer.append(3 as UInt8)
            writer.appendCompact(caught.count)
            for index in caught { writer.appendCompact(index) }
            writer.append(formula)
        }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        switch try reader.readByte() {
        case 0: self = .set(name: try reader.readText(), value: try reader.read())
        case 1: self = .toggle(x: try reader.readCompact(), y: try reader.readCompact())
        case 2: self = .place(pattern: try reader.readText(), x: try reader.readCompact(), y: try reader.readCompact())
        case 3:
            let count = try reader.readCompactCount(limit: reader.remaining)
            var caught: [Int] = []
            for _ in 0..<count { caught.append(try reader.readCompact()) }
            self = .hunt(caught: caught, formula: try reader.readBool())
        case let tag: throw StateReader.corrupt("has a model action of unknown kind \(tag)")
        }
    }
}

/// Generation (compact), then the action.
extension TimedAction: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendCompact(generation)
        writer.append(action)
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        self.init(
            generation: try reader.readCompact(in: 0...Int.max, "an action at generation"), action: try reader.read())
    }
}

/// The operator's name, then optional value, optional upper (doubles) and optional reference name.
extension Condition: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendName(op)
        writer.appendOptional(value) { $0.append($1) }
        writer.appendOptional(upper) { $0.append($1) }
        writer.appendOptional(ref) { $0.appendName($1) }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        self.init(
            try reader.readName(Operator.self),
            try reader.readOptional { r throws(SimulationError) in try r.readDouble() },
            upper: try reader.readOptional { r throws(SimulationError) in try r.readDouble() },
            ref: try reader.readOptional { r throws(SimulationError) in try r.readName(Reference.self) })
    }
}

/// Label, then its condition.
extension ChoiceOption: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendText(label)
        writer.append(when)
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        self.init(try reader.readText(), when: try reader.read())
    }
}

/// Base, hint taken (byte), speed, streak, total; numbers compact.
extension ScoreBreakdown: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendCompact(base)
        writer.append(hintTaken)
        writer.appendCompact(speed)
        writer.appendCompact(streak)
        writer.appendCompact(total)
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        self.init(
            base: try reader.readCompact(), hintTaken: try reader.readBool(), speed: try reader.readCompact(),
            streak: try reader.readCompact(), total: try reader.readCompact())
    }
}

/// Name, then a compact count of arguments and each argument.
extension MetricID: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendText(name)
        writer.appendCompact(arguments.count)
        for argument in arguments { writer.appendCompact(argument) }
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        let name = try reader.readText()
        let count = try reader.readCompactCount(limit: reader.remaining)
        var arguments: [Int] = []
        for _ in 0..<count { arguments.append(try reader.readCompact()) }
        self.init(name, arguments)
    }
}

/// Name, description, unit, optional range (lower and upper doubles), yes/no (byte).
extension MetricDescriptor: StateCodable {
    func write(to writer: inout StateWriter) {
        writer.appendText(name)
        writer.appendText(description)
        writer.appendText(unit)
        writer.appendOptional(range) { w, range in
            w.append(range.lowerBound)
            w.append(range.upperBound)
        }
        writer.append(isYesNo)
    }

    init(from reader: inout StateReader) throws(SimulationError) {
        let name = try reader.readText(), description = try reader.readText(), unit = try reader.readText()
        let range = try reader.readOptional { r throws(SimulationError) -> ClosedRange<Double> in
            let lower = try r.readDouble(), upper = try r.readDouble()
            // `...` traps on a reversed (or NaN) range: refuse it first.
            guard lower <= upper else { throw StateReader.corrupt("has a metric range from \(lower) to \(upper)") }
            return lower...upper
        }
        self.init(name: name, description: description, unit: unit, range: range, isYesNo: try reader.readBool())
    }
}
