import Foundation
import Logging
import PetriHub
import PetriLTI
import PetriLesson
import PetriProtocol
import PetriStorage
import Synchronization

/// The LMS grades of the lessons LMS activities opened: queued in the store at a lesson's end and when its teacher
/// asks ("Send grades"), sent by a ``GradeSender`` that looks at the queue every second, on every node (the store
/// hands each due grade to one of them).
///
/// A learner's grade is their closing result: the score they made, out of what they could make (1000 per scored
/// question they could answer, the `possible` of their closing message: a learner who came late is not marked
/// down for the questions asked before; bonuses may take a score past it, which AGS allows), with their rank in a
/// comment.
package final class LTIGrades: Sendable {
    let tool: LTITool
    let sender: GradeSender
    let logger: Logger
    private let loop = Mutex<Task<Void, Never>?>(nil)

    package init(tool: LTITool, logger: Logger, post: @escaping GradeSender.Post = LTIHTTP.post) {
        self.tool = tool
        self.logger = logger
        sender = GradeSender(tool: tool, post: post, now: tool.now)
    }

    /// Starts sending (once): every second, the grades due, if any.
    func start() {
        let storage = tool.storage
        let now = tool.now
        let sender = sender
        loop.withLock { running in
            guard running == nil else { return }
            running = Task {
                while !Task.isCancelled {
                    if let due = try? await storage.nextGradeDue(), due <= now() { await sender.sendDue() }
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }

    func stop() { loop.withLock { $0?.cancel() } }

    /// Queues the grades of a lesson's LMS learners (none when no LMS activity opened it).
    ///
    /// - Returns: How many grades are pending anew (a learner whose grade is queued or sent already is left).
    @discardableResult
    func queue(lessonId: String, hub: Hub) async throws -> Int {
        let storage = tool.storage
        guard try await storage.ltiLesson(forLesson: lessonId) != nil else { return 0 }
        let learners = try await storage.ltiStudents(ofLesson: lessonId)
        guard !learners.isEmpty else { return 0 }
        let results = try await self.results(of: learners, lessonId: lessonId, hub: hub)
        let time = tool.now()
        let grades = learners.compactMap { learner -> LTIGradeRecord? in
            guard let result = results[Self.key(learner)], result.possible > 0 else { return nil }
            return LTIGradeRecord(
                lessonId: lessonId, platformId: learner.platformId, userId: learner.userId,
                scoreGiven: Double(result.score), scoreMaximum: Double(result.possible),
                comment: LTIWords.text(
                    "lti.grade.rankComment", ["rank": .int(result.rank), "ranked": .int(result.ranked)]), scoredAt: time
            )
        }
        let queued = try await storage.queueGrades(grades)
        logger.info("Queued LMS grades", metadata: ["lesson": "\(lessonId)", "queued": "\(queued)"])
        return queued
    }

    /// Each LMS learner's grade as the console shows it: their name, what was sent or waits, and why it waits.
    func status(lessonId: String, hub: Hub) async throws -> [[String: Any]] {
        let storage = tool.storage
        let learners = try await storage.ltiStudents(ofLesson: lessonId)
        let results = (try? await self.results(of: learners, lessonId: lessonId, hub: hub)) ?? [:]
        let grades = Dictionary(
            try await storage.grades(ofLesson: lessonId).map { ($0.platformId + "\n" + $0.userId, $0) }
        ) { first, _ in first }
        return learners.map { learner in
            let key = Self.key(learner)
            var row: [String: Any] = ["name": results[key]?.name ?? "", "state": "not-sent"]
            if let result = results[key] {
                row["score"] = result.score
                row["maximum"] = result.possible
            }
            if let grade = grades[key] {
                row["state"] =
                    grade.state == .sent ? "sent" : grade.attempts > 0 ? "failed" : "pending"
                row["sentScore"] = grade.scoreGiven
                row["sentMaximum"] = grade.scoreMaximum
                row["comment"] = grade.comment
                row["attempts"] = grade.attempts
                if let sentAt = grade.sentAt { row["sentAt"] = sentAt.storedSeconds }
                if grade.state == .pending { row["nextAttemptAt"] = grade.nextAttemptAt.storedSeconds }
                if let reason = grade.lastError { row["reason"] = reason }
            }
            return row
        }
    }

    private func results(of learners: [LTIStudentLink], lessonId: String, hub: Hub) async throws
        -> [String: StudentResult]
    {
        let key = try await tool.key()
        var tokens: [String: AccessToken] = [:]
        for learner in learners {
            tokens[Self.key(learner)] = try key.studentToken(
                platformId: learner.platformId, userId: learner.userId, lessonId: lessonId)
        }
        guard let results = await hub.results(ofLesson: lessonId, tokens: tokens) else {
            throw LTIGradesError.notHere
        }
        return results
    }

    static func key(_ learner: LTIStudentLink) -> String { learner.platformId + "\n" + learner.userId }
}

/// The lesson is not held on this node (ended past retention, or running on another node of a cluster).
enum LTIGradesError: Error {
    case notHere
}
