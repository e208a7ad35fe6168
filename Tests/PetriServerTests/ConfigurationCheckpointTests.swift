import Testing

@testable import PetriHub
@testable import PetriServer

@Suite("Configuration: the durable-checkpoint policy")
struct ConfigurationCheckpointTests {
    @Test func theDefaultsAreTheHubsDefaultPolicy() {
        // Given the built-in defaults
        let configuration = ServerConfiguration()

        // When they are mapped onto the hub
        // Then lessons checkpoint every 5000 entries or 1000 generations and keep one, as without a configuration
        let policy = configuration.hubConfiguration().checkpoints
        #expect(policy == CheckpointPolicy())
        #expect(policy == CheckpointPolicy(everyEntries: 5_000, everyGenerations: 1_000, keep: 1))
    }

    @Test func theFileSetsThePolicyTheServerRunsWith() throws {
        // Given a file that checkpoints more often and keeps three
        let file = try ConfigurationFixtures.write(
            "checkpoints:\n  everyEntries: 50\n  everyGenerations: 250\n  keep: 3\n")
        defer { ConfigurationFixtures.remove(file) }

        // When it is loaded as `petri serve --config FILE` loads it
        let configuration = try ServerConfiguration.load(
            file: file, environment: [:], overrides: ConfigurationOverrides())

        // Then the hub gets exactly that policy
        #expect(
            configuration.hubConfiguration().checkpoints
                == CheckpointPolicy(everyEntries: 50, everyGenerations: 250, keep: 3))
    }

    @Test func theEnvironmentBeatsTheFileSettingBySetting() throws {
        // Given a file setting all three and variables setting two of them
        let file = try ConfigurationFixtures.write(
            "checkpoints:\n  everyEntries: 50\n  everyGenerations: 250\n  keep: 3\n")
        defer { ConfigurationFixtures.remove(file) }
        let environment = ["PETRI_CHECKPOINTS_EVERY_ENTRIES": "1_000", "PETRI_CHECKPOINTS_KEEP": "2"]

        // When they are loaded
        let configuration = try ServerConfiguration.load(
            file: file, environment: environment, overrides: ConfigurationOverrides())

        // Then the variables win where set and the file elsewhere
        #expect(configuration.checkpoints.everyEntries == 1_000)
        #expect(configuration.checkpoints.everyGenerations == 250)
        #expect(configuration.checkpoints.keep == 2)
    }

    @Test func aBadValueInTheFileIsNamedWithItsLine() throws {
        // Given a file that would never checkpoint by generations
        let file = try ConfigurationFixtures.write("checkpoints:\n  everyEntries: 200\n  everyGenerations: 0\n")
        defer { ConfigurationFixtures.remove(file) }

        // When it is loaded
        let error = ConfigurationFixtures.loadError(["PETRI_CONFIG": file])

        // Then the start stops with one sentence naming the setting, the value, the line and the range
        #expect(
            error?.message
                == "checkpoints.everyGenerations must be a whole number between 1 and 100000, but was 0 (from \(file) line 3)."
        )
    }

    @Test func aMistypedKeyGetsASuggestion() {
        // Given a file that spells a checkpoint setting in kebab case
        // When it is parsed
        // Then the error points to the camelCase key
        #expect(
            ConfigurationFixtures.parseError("checkpoints:\n  every-entries: 10\n")?.message
                == "Unknown setting 'checkpoints.every-entries' in petri.yaml line 2; did you mean 'checkpoints.everyEntries'?"
        )
    }

    @Test func configCheckShowsThePolicy() {
        // Given a configuration with its own policy
        var configuration = ServerConfiguration()
        configuration.checkpoints.everyEntries = 50
        configuration.checkpoints.keep = 3

        // When it is summarised and described, as `petri config check [--all]` prints it
        // Then the policy is in both
        #expect(
            configuration.summary.contains(
                "data:     ./data; checkpoints every 50 entries or 1000 generations, 3 kept per lesson"))
        #expect(configuration.description.contains("checkpoints.everyEntries: 50"))
        #expect(configuration.description.contains("checkpoints.everyGenerations: 1000"))
        #expect(configuration.description.contains("checkpoints.keep: 3"))
    }
}
