import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// The welcome says how the lesson's model is shown (its description's presentation), so a client draws it
/// without knowing the model.
@Suite struct WelcomePresentationTests {
    func teacherWelcome<Model: SimulationModel>(_: Model.Type, _ parameters: Model.Parameters) throws -> Welcome {
        let token = try AccessToken("teacherxxxxxxxxxxxxxxxxx")
        var lesson = try Lesson<Model>(
            parameters: parameters, seed: 7, teacherToken: token, configuration: LessonConfiguration(nameSeed: 7))
        let outcome = lesson.handle(
            .attachTeacher(token: token, lastSeen: nil), from: .guest,
            at: Timestamp(millisecondsSince1970: 1_741_080_000_000))
        return try #require(outcome.welcome)
    }

    @Test func aCamouflageWelcomeCarriesTheMothsPresentation() throws {
        let welcome = try teacherWelcome(CamouflageModel.self, CamouflageParameters())
        let presentation = try #require(welcome.presentation)
        #expect(presentation == CamouflageModel.modelDescription.presentation)
        #expect(presentation.picture == .traitField)
        #expect(presentation.nouns.many == "moths")
        // And it is on the wire, where a page reads it
        let json = String(decoding: try ProtocolEncoder().encode(ServerMessage.welcome(welcome)), as: UTF8.self)
        #expect(json.contains(#""presentation":{"chart":{"colouredBars":true,"histogramTitle":"Moths by colour"}"#))
    }

    @Test func eachModelsWelcomeCarriesItsOwnPresentation() throws {
        #expect(try teacherWelcome(LifeModel.self, LifeModel.Parameters()).presentation?.picture == .cellBoard)
        #expect(try teacherWelcome(IslandsModel.self, IslandsParameters()).presentation?.picture == .islandMap)
        #expect(
            try teacherWelcome(ResistanceModel.self, ResistanceParameters()).presentation
                == ResistanceModel.modelDescription.presentation)
    }
}
