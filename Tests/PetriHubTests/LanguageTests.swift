import Foundation
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriTransport
import PetriWords
import Testing

@testable import PetriHub

/// A connection reads the server's words in the language it asks for, else the lesson's, else English.
@Suite struct LanguageTests {
    private func lesson(on server: InProcessHub, options: LessonOptions? = nil) async throws -> (JoinCode, AccessToken)
    {
        let creator = server.connect()
        try creator.send(
            .create(teacherKey: InProcessHub.teacherKey, model: .life, parameters: nil, seed: 7, options: options))
        return try await creator.expect("created") { if case .created(let c, let t) = $0 { (c, t) } else { nil } }
    }

    @Test func aTeacherWhoAsksForWelshIsToldSoAndRefusedInWelsh() async throws {
        let server = InProcessHub()
        let (code, token) = try await lesson(on: server)
        let teacher = server.connect()
        let welcome = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil, language: "cy-GB"))
        #expect(welcome.language == "cy")
        #expect(welcome.languages == ["en", "ar", "cy", "es"])
        try teacher.send(.reasons(question: QuestionID(9)))
        #expect(try await teacher.expectError() == ProtocolError(.unknownQuestion, "Nid oes cwestiwn 9 yn y wers hon."))
        await server.stop()
    }

    @Test func aClientThatAsksForNothingGetsTheEnglishItAlwaysGot() async throws {
        let server = InProcessHub()
        let (code, token) = try await lesson(on: server)
        let teacher = server.connect()
        let welcome = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(welcome.language == nil && welcome.languages == nil)
        try teacher.send(.reasons(question: QuestionID(9)))
        #expect(
            try await teacher.expectError() == ProtocolError(.unknownQuestion, "There is no question 9 in this lesson.")
        )
        await server.stop()
    }

    @Test func aLanguageTheServerDoesNotOfferGetsEnglishAndSaysSo() async throws {
        let server = InProcessHub()
        let (code, token) = try await lesson(on: server)
        let welcome = try await server.connect().attach(
            .teach(code: code, token: token, lastSeen: nil, language: "fr"))
        #expect(welcome.language == "en")
        await server.stop()
    }

    @Test func setLanguageChangesTheWordsFromThenOn() async throws {
        let server = InProcessHub()
        let (code, token) = try await lesson(on: server)
        let teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacher.send(.setLanguage(language: "es-MX"))
        let told = try await teacher.expect("language") {
            if case .language(let language, let languages) = $0 { (language, languages) } else { nil }
        }
        #expect(told.0 == "es" && told.1 == ["en", "ar", "cy", "es"])
        try teacher.send(.reasons(question: QuestionID(9)))
        #expect(
            try await teacher.expectError()
                == ProtocolError(.unknownQuestion, "No hay ninguna pregunta 9 en esta lección."))
        await server.stop()
    }

    @Test func theLessonsLanguageServesWhoeverAsksForNone() async throws {
        let server = InProcessHub()
        let (code, token) = try await lesson(on: server, options: LessonOptions(language: "cy"))
        let teacher = server.connect()
        let welcome = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(welcome.language == "cy")
        try teacher.send(.reasons(question: QuestionID(9)))
        #expect(try await teacher.expectError() == ProtocolError(.unknownQuestion, "Nid oes cwestiwn 9 yn y wers hon."))
        // And a teacher on another connection who asks for Arabic reads Arabic in the same lesson
        let other = server.connect()
        _ = try await other.attach(.teach(code: code, token: token, lastSeen: nil, language: "ar"))
        try other.send(.reasons(question: QuestionID(9)))
        #expect(try await other.expectError() == ProtocolError(.unknownQuestion, "لا يوجد سؤال رقم 9 في هذا الدرس."))
        await server.stop()
    }

    @Test func aLanguageThatIsNoTagIsRefusedWithASentence() async throws {
        let server = InProcessHub()
        let peer = server.connect()
        try peer.send(.setLanguage(language: "not a tag"))
        #expect(try await peer.expectError().code == .invalidField)
        await server.stop()
    }
}

@Suite("The hub's catalogs hold exactly the sentences its code uses, in every language")
struct HubCatalogTests {
    @Test func everyCatalogHasEveryKeyTheCodeUsesAndNoOther() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PetriHub")
        var used: Set<String> = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            used.formUnion(
                CatalogAudit.keys(inSource: try String(contentsOf: file, encoding: .utf8), caller: "HubWords"))
        }
        #expect(!used.isEmpty)
        let languages = ["en", "cy", "es", "ar"].compactMap(Language.init)
        #expect(CatalogAudit.problems(of: HubWords.book, used: used, languages: languages) == [])
        // Every component offers the same languages, so a connection's language holds for all its words.
        #expect(HubWords.book.languages == LessonWords.book.languages)
    }
}

@Suite("A broadcast with words reaches each reader in their language")
struct BroadcastLanguageTests {
    @Test func aCancelledQuestionIsExplainedToEachInTheirOwnLanguage() async throws {
        // Given a teacher reading Welsh, one student Spanish and one who asked for nothing
        let server = InProcessHub()
        let (code, token) = try await server.connect().createLesson(.camouflage)
        let teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil, language: "cy"))
        let ana = server.connect()
        _ = try await ana.attach(.join(code: code, name: "Ana", language: "es"))
        let ada = server.connect()
        _ = try await ada.attach(.join(code: code, name: "Ada"))
        try teacher.send(.step(count: 2))
        _ = try await teacher.expect("generation 2") {
            if case .snapshot(let header, _) = $0, header.generation == 2 { true } else { nil }
        }
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: nil), horizon: 5)))
        _ = try await teacher.expect("question") { if case .question(let q) = $0 { q } else { nil } }

        // When the teacher rewinds past it
        try teacher.send(.rewind(count: 1))

        // Then each reads why in their language
        func reason(_ peer: ProtocolPeer) async throws -> String {
            try await peer.expect("questionCancelled") {
                if case .questionCancelled(_, let reason) = $0 { reason.text } else { nil }
            }
        }
        #expect(try await reason(teacher) == "Aeth yr athro yn ôl i genhedlaeth 1, cyn i'r cwestiwn hwn gael ei ofyn.")
        #expect(
            try await reason(ana) == "El docente retrocedió a la generación 1, antes de que se hiciera esta pregunta.")
        #expect(try await reason(ada) == "The teacher rewound to generation 1, before this question was asked.")
        await server.stop()
    }
}

/// The model's words (its story, nouns, labels) reach each reader in their language.
@Suite struct ModelLanguageTests {
    @Test func aWelshLessonsWelcomeAndGuideTellTheModelInWelsh() async throws {
        let server = InProcessHub()
        let creator = server.connect()
        try creator.send(
            .create(
                teacherKey: InProcessHub.teacherKey, model: .life, parameters: nil, seed: 7,
                options: LessonOptions(language: "cy")))
        let (code, token) = try await creator.expect("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        let teacher = server.connect()
        let welcome = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(welcome.presentation?.nouns.many == "celloedd byw")
        #expect(welcome.presentation?.headlineLabel == "Celloedd byw")
        #expect(welcome.metrics.first { $0.name == "liveCells" }?.description == "Faint o gelloedd sy'n fyw.")
        try teacher.send(.guide)
        let story = try await teacher.expect("guide") { if case .guide(let g) = $0 { g.story } else { nil } }
        #expect(story.hasPrefix("Gêm Bywyd Conway"))
        // A teacher on another connection who asks for English reads the English words
        let english = server.connect()
        let englishWelcome = try await english.attach(.teach(code: code, token: token, lastSeen: nil, language: "en"))
        #expect(englishWelcome.presentation?.nouns.many == "live cells")
        await server.stop()
    }

    @Test func describedModelsComeInTheLanguageTheConnectionAskedFor() async throws {
        let server = InProcessHub()
        let peer = server.connect()
        try peer.send(.describeModels(teacherKey: nil))
        let english = try await peer.expect("models") { if case .models(let m) = $0 { m } else { nil } }
        #expect(english.first { $0.model == "life" }?.title == "Game of Life")
        try peer.send(.setLanguage(language: "es"))
        _ = try await peer.expect("language") { if case .language = $0 { true } else { nil } }
        try peer.send(.describeModels(teacherKey: nil))
        let spanish = try await peer.expect("models") { if case .models(let m) = $0 { m } else { nil } }
        #expect(spanish.first { $0.model == "life" }?.title == "Juego de la Vida")
        #expect(spanish.map(\.model) == english.map(\.model))
        await server.stop()
    }

    @Test func aPlansMistakesAndRefusalsComeInTheRequestersLanguage() async throws {
        let server = InProcessHub()
        let broken = "title: Mice\nmodel: mice\nmoments:\n  - bogus: 1\n"
        let english = server.connect()
        try english.send(.previewPlan(teacherKey: InProcessHub.teacherKey, text: broken, seed: 1))
        let problems = try await english.expectReply("planProblems") {
            if case .planProblems(let p) = $0 { p } else { nil }
        }
        #expect(
            problems.map(\.sentence.text) == [
                #""bogus" is not a moment; use one of these: run, pause, ask, reveal, explain, guide, set, checkpoint, "#
                    + "replicates, hunt."
            ])
        let welsh = server.connect()
        try welsh.send(.setLanguage(language: "cy"))
        _ = try await welsh.expect("language") { if case .language = $0 { true } else { nil } }
        try welsh.send(.previewPlan(teacherKey: InProcessHub.teacherKey, text: broken, seed: 1))
        let welshProblems = try await welsh.expectReply("planProblems") {
            if case .planProblems(let p) = $0 { p } else { nil }
        }
        #expect(welshProblems.map(\.line) == problems.map(\.line))
        #expect(welshProblems.first?.sentence.text.hasPrefix(#"Nid yw "bogus" yn eiliad;"#) == true)
        // A refusal with a plan's problems in it is Welsh through and through
        try welsh.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: nil, text: broken, seed: 1, pace: nil, rate: nil,
                options: nil))
        let refusal = try await welsh.expectError()
        #expect(refusal.code == .invalidDefinition)
        #expect(refusal.message.contains(#"llinell 4: Nid yw "bogus" yn eiliad;"#))
        try welsh.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: "nope", text: nil, seed: 1, pace: nil, rate: nil,
                options: nil))
        #expect(try await welsh.expectError().message.hasPrefix(#"Nid oes gan y gweinydd hwn gynllun o'r enw "nope""#))
        try english.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: "nope", text: nil, seed: 1, pace: nil, rate: nil,
                options: nil))
        #expect(try await english.expectError().message.hasPrefix(#"This server has no plan called "nope""#))
        await server.stop()
    }

    @Test func aMessageTheServerCannotReadIsRefusedInTheSendersLanguage() async throws {
        let server = InProcessHub()
        let english = server.connect()
        english.sendRaw(#"{"type":"step","count":1.5}"#)
        #expect(
            try await english.expectError()
                == ProtocolError(.invalidField, #"The field "count" must be a whole number, not 1.5."#))
        let welsh = server.connect()
        try welsh.send(.setLanguage(language: "cy"))
        _ = try await welsh.expect("language") { if case .language = $0 { true } else { nil } }
        welsh.sendRaw(#"{"type":"step","count":1.5}"#)
        #expect(
            try await welsh.expectError()
                == ProtocolError(.invalidField, #"Rhaid i'r maes "count" fod yn rhif cyfan, nid 1.5."#))
        welsh.sendRaw(#"{"type":"ping""#)
        let malformed = try await welsh.expectError()
        #expect(malformed.code == .malformedJSON && malformed.message.hasPrefix("Nid yw'r neges yn JSON dilys: "))
        await server.stop()
    }
}
