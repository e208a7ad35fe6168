import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// Found by the lesson fuzzer: a tiny positive rate made the tick interval infinite and trapped.
@Suite struct RunRateTests {
    @Test(arguments: [Double.leastNonzeroMagnitude, 1e-300, 0.009, 0, -1, 30.5])
    func aRateOutside0_01To30IsRefusedWithARange(_ rate: Double) throws {
        var room = try Classroom(.init(drift: 1))
        let outcome = room.teacher(.run(rate: rate))
        #expect(outcome.errorCode == .outOfRange)
        #expect(outcome.rejection?.message.contains("0.01 to 30") == true)
        #expect(room.lesson.autoRunRate == nil)
    }

    @Test func theSlowestRateTicksEvery100Seconds() throws {
        var room = try Classroom(.init(drift: 1))
        let outcome = room.teacher(.run(rate: 0.01))
        #expect(outcome.effects.contains(.startTicking(every: .seconds(100))))
    }
}
