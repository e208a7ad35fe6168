/// The pages' files, compiled into the program (`resources: [.embedInCode("Pages")]` in
/// Package.swift), so a server is one file to install and can never start without its pages.
///
/// SwiftPM names each embedded file after its file name alone (`view-join.js` becomes
/// `view_join_js`), so the path it is served under is written here; `EmbeddedPagesTests` checks
/// that this list and the `Pages` directory hold the same files with the same bytes. A new page
/// file needs one line here.
enum EmbeddedPages {
    static let files: [(path: String, bytes: [UInt8])] = [
        ("projector.html", PackageResources.projector_html),
        ("report.html", PackageResources.report_html),
        ("static/answer-choice.js", PackageResources.answer_choice_js),
        ("static/answer-kinds.js", PackageResources.answer_kinds_js),
        ("static/answer-number.js", PackageResources.answer_number_js),
        ("static/answer-probability.js", PackageResources.answer_probability_js),
        ("static/answer-range.js", PackageResources.answer_range_js),
        ("static/connection.js", PackageResources.connection_js),
        ("static/dom.js", PackageResources.dom_js),
        ("static/favicon.svg", PackageResources.favicon_svg),
        ("static/lesson-state.js", PackageResources.lesson_state_js),
        ("static/petri.css", PackageResources.petri_css),
        ("static/projector.js", PackageResources.projector_js),
        ("static/qr.js", PackageResources.qr_js),
        ("static/report.css", PackageResources.report_css),
        ("static/report.js", PackageResources.report_js),
        ("static/student.js", PackageResources.student_js),
        ("static/teach.css", PackageResources.teach_css),
        ("static/teach.js", PackageResources.teach_js),
        ("static/view-about.js", PackageResources.view_about_js),
        ("static/view-charts.js", PackageResources.view_charts_js),
        ("static/view-explanation.js", PackageResources.view_explanation_js),
        ("static/view-hunt.js", PackageResources.view_hunt_js),
        ("static/view-join.js", PackageResources.view_join_js),
        ("static/view-model-actions.js", PackageResources.view_model_actions_js),
        ("static/view-parameters.js", PackageResources.view_parameters_js),
        ("static/view-picture.js", PackageResources.view_picture_js),
        ("static/view-plan.js", PackageResources.view_plan_js),
        ("static/view-question-builder.js", PackageResources.view_question_builder_js),
        ("static/view-question.js", PackageResources.view_question_js),
        ("static/view-reasons.js", PackageResources.view_reasons_js),
        ("static/view-replicates.js", PackageResources.view_replicates_js),
        ("static/view-results.js", PackageResources.view_results_js),
        ("static/view-roster.js", PackageResources.view_roster_js),
        ("static/view-language.js", PackageResources.view_language_js),
        ("static/view-status.js", PackageResources.view_status_js),
        ("static/words.js", PackageResources.words_js),
        ("static/words/ar.json", PackageResources.ar_json),
        ("static/words/cy.json", PackageResources.cy_json),
        ("static/words/en.json", PackageResources.en_json),
        ("static/words/es.json", PackageResources.es_json),
        ("static/words/qps.json", PackageResources.qps_json),
        ("student.html", PackageResources.student_html),
        ("teach.html", PackageResources.teach_html),
    ]
}
