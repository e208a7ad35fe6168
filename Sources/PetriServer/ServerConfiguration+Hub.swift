import PetriHub

extension ServerConfiguration {
    /// The hub's rate limits from `limits.*` and its durable-checkpoint policy from `checkpoints.*`.
    package func hubConfiguration() -> HubConfiguration {
        var hub = HubConfiguration()
        hub.messagesPerSecond = Double(limits.messagesPerSecond)
        hub.messageBurst = Double(limits.messageBurst)
        hub.endedLessonRetentionSeconds = Double(data.keepEndedLessonsDays) * 86_400
        hub.failedJoinBurst = Double(limits.failedJoinsPerMinute)
        hub.secondsPerFailedJoin = 60 / Double(max(1, limits.failedJoinsPerMinute))
        hub.maxLessons = limits.maxLessons
        hub.checkpoints = CheckpointPolicy(
            everyEntries: checkpoints.everyEntries, everyGenerations: checkpoints.everyGenerations,
            keep: checkpoints.keep)
        return hub
    }
}
