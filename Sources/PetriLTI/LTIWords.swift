/// Every sentence the LTI pages show, in one place (for the language catalogs).
package enum LTIWords {
    package static let forged =
        "This launch was not signed by the learning platform registered here; open the activity from your course again."
    package static let expired = "This launch has expired; open the activity from your course again."
    package static let replayed = "This launch was already used; open the activity from your course again."
    package static let wrongAudience =
        "This launch was meant for another tool; ask your administrator to check Petri's client id on the platform."
    package static let unknownPlatform =
        "This learning platform is not registered with this Petri server; ask your administrator to add it "
        + "(petri lti add-platform)."
    package static let unknownDeployment =
        "This deployment of Petri is not registered on this server; ask your administrator to add its deployment id."
    package static let unsupported =
        "Petri cannot open this kind of launch; ask your administrator to check the activity's settings."
    package static let incomplete =
        "This launch is missing something Petri needs; open the activity from your course again."
    package static let noState =
        "This launch did not start here, or was already used; open the activity from your course again."
    package static let unreachable =
        "Petri could not reach the learning platform to check this launch; try again in a moment."
    package static let storeFailed = "Petri could not save this launch; try again in a moment."
    package static let notOpenedYet =
        "Your teacher has not opened this activity yet; try again once they have."
    package static let lessonUnavailable =
        "Petri could not open this activity's lesson; ask your teacher, or try again in a moment."
    package static let pageTitle = "Petri"
    package static let opening = "Opening Petri…"
    package static let openLink = "Open Petri"
    package static let notLTI =
        "This page is for launches from a learning platform; open the activity from your course."
}

extension LTIWords {
    package static let teacherDisabled =
        "Your Petri account is disabled on this server; ask your administrator to enable it."
    package static let defaultStudentName = "Student"
}

extension LTIWords {
    package static let chooseHeading = "Add a Petri activity"
    package static let chooseModel = "Model"
    package static let chooseTitle = "Title in the course"
    package static let chooseButton = "Add to the course"
    package static let returning = "Returning to the course…"
    package static let returnButton = "Return to the course"
    package static let onlyInstructors = "Only a course's instructors can add a Petri activity."
    package static let choiceExpired = "This choice has expired or was already sent; add the activity again."
    package static let unknownModel = "Choose one of the models listed."
}

/// The grades' states and the reasons an LMS refused them, as the console shows them.
extension LTIWords {
    package static let gradeStoreFailed = "Petri could not read or save the grades queue; it will try again."
    package static let gradeNoActivity =
        "This lesson is no longer linked to an activity of a registered platform; these grades cannot be sent."
    package static let gradeNoService =
        "The LMS did not offer grades for this activity (its launches carry no grade service); ask your "
        + "administrator to allow Petri to send grades."
    static func gradeUnreachable(_ error: String) -> String {
        "The LMS could not be reached (\(error.prefix(200))); Petri will try again."
    }
    static func gradeRefused(_ status: Int, _ reason: String) -> String {
        "The LMS refused the grade (HTTP \(status)" + (reason.isEmpty ? "" : ": \(reason)") + "); Petri will try again."
    }
    static func gradeTokenRefused(_ status: Int, _ reason: String) -> String {
        "The LMS refused Petri's access token request (HTTP \(status)" + (reason.isEmpty ? "" : ": \(reason)")
            + "); check the platform's token URL and client id (petri lti list). Petri will try again."
    }
    package static func lineItemLabel(_ code: String) -> String { "Petri lesson \(code)" }
    package static func rankComment(rank: Int, of ranked: Int) -> String { "Rank \(rank) of \(ranked) in the lesson." }
}

extension LTIWords {
    package static let gradesBadRequest =
        "Ask for a lesson's grades with its code and your key, as JSON: {\"code\": …, \"key\": …}."
}
