import PetriHubTesting

/// The teacher key every in-process hub starts with.
let testTeacherKey = InProcessHub.teacherKey
