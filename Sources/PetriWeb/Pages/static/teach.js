// The teacher's console: sign in as a teacher (name and password; or choose the password with a one-time
// sign-in link, /teach#link=...) or with the teacher key, start a lesson (a model and a scenario, or parameters
// from a form generated from `describeModels`), import a lesson file or go back to a running lesson; then run
// it: the live picture and charts, stepping and auto-run, parameters, rewind, checkpoint, clone, questions,
// the roster, the gradebook and the end.
//
// A signed-in teacher's session token takes the key's place (it is sent as `key`, so the lessons made are
// theirs) and adds "My lessons" (opened with `open`, no token), their sign-ins, and a lesson's teachers
// (view-account.js).
//
// Secrets stay in this tab's sessionStorage only (never a URL, never localStorage): the key or session, and each
// lesson's teacher token, so a reload, a dropped connection or a server restart (close 4012) reattaches to
// the same lesson. Everything goes through petri.v1; every refusal shows the server's sentence.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { Connection, normaliseCode, requestOnce } from './connection.js';
import { createState, apply, currentQuestion, openQuestion, describeActual } from './lesson-state.js';
import { AboutView } from './view-about.js';
import { PictureView } from './view-picture.js';
import { ChartsView } from './view-charts.js';
import { StatusView } from './view-status.js';
import { drawSpread, leaderboardTable, describeExpected } from './view-results.js';
import { parameterField, parameterLabel, readFields } from './view-parameters.js';
import { QuestionBuilder } from './view-question-builder.js';
import { RosterView } from './view-roster.js';
import { MakeupPanel } from './view-makeup-panel.js';
import { ReasonsView } from './view-reasons.js';
import { ReplicatesView } from './view-replicates.js';
import { HuntView } from './view-hunt-panel.js';
import { ModelActionsView } from './view-model-actions.js';
import { t, words, language, fillWords, onLanguageChange, LANGUAGES } from './words.js';
import { languageSwitch, tellServer } from './view-language.js';
import { PlanPicker, PlanView, PlanWriter, PlanResults } from './view-plan.js';
import { PlanBuilder } from './view-plan-builder.js';
import { accountRequest, MyLessonsView, SessionsView, LessonTeachersView } from './view-account.js';
import { GradesView } from './view-grades.js';

const KEY = 'petri.teach.key';
/// The signed-in teacher's name (their session token is kept as KEY: it goes where the key goes).
const TEACHER = 'petri.teach.teacher';
const SESSION_PREFIX = 'petri-session-';
/// How long a sign-in may take: the server hashes passwords one at a time (scrypt, 128 MiB each), so a staff
/// room signing in at once queues, and a choice of password is three hashes; 15 s is too short for either.
const HASHING_MS = 120000;
const CURRENT = 'petri.teach.current';
const tokenKey = (code) => `petri.teach.token.${code}`;
/// The teacher turned the single-key shortcuts off (local storage: a preference, not a secret).
const SHORTCUTS_OFF = 'petri.teach.shortcuts';

const $ = (id) => document.getElementById(id);

function stored(name, storage = sessionStorage) {
    try {
        return storage.getItem(name);
    } catch {
        return null; // storage off: the console still works, only a reload signs out
    }
}

function store(name, value, storage = sessionStorage) {
    try {
        if (value === null) storage.removeItem(name);
        else storage.setItem(name, value);
    } catch {
        // see stored
    }
}

let state = createState();
let models = [];
let teacherKey = null;
let lesson = null; // { code, token } (token null: opened with the teacher's session)
let connection = null;
/// Who answered each question (teacher only: `answeredBy`), by question id.
let answered = new Map();
/// The last question asked from this console, for "ask again".
let lastAsked = null;
let checkpointAt = null;
let lastRate = 2;

const status = new StatusView($('connection'), $('live'));
const picture = new PictureView($('picture'));
const charts = new ChartsView($('charts'));
// The guide is asked for quietly: a console still reconnecting asks again on its next render.
const about = new AboutView($('about'), { send: (message) => connection?.send(message) ?? false });
const builder = new QuestionBuilder($('question-builder'), { ask: (message) => ask(message) });
const makeupPanel = new MakeupPanel($('makeup'), { send: (m) => send(m) });
const roster = new RosterView($('roster'), {
    answeredBy: (id) => answered.get(id) ?? new Set(),
    onKick: (student) => confirmThen(t('teach.kick.confirm', { name: student.name }),
        () => send({ type: 'kick', student: student.student })),
    onExtraTime: (student, percent) => send({ type: 'extraTime', student: student.student, percent }),
    onErase: (student) => confirmThen(t('teach.erase.confirm', { name: student.name }),
        () => send({ type: 'eraseStudent', student: student.student })),
});
const lessonSend = { send: (message) => send(message) };
const reasons = new ReasonsView($('reasons'), lessonSend);
const replicates = new ReplicatesView($('replicates'), lessonSend);
const hunt = new HuntView($('hunt'), lessonSend);
const planView = new PlanView($('plan'), lessonSend);
const planPicker = new PlanPicker($('plan-start'), {
    start: async ({ plan, pace, seed }) => {
        const answer = await requestOnce({ type: 'startPlan', key: teacherKey, plan, pace, ...(seed ? { seed } : {}) },
            ['created']);
        if (answer.type === 'error') return answer.message;
        openLesson(answer.code, answer.teacherToken);
        return null;
    },
    remove: (plan) => new Promise((resolve) => {
        confirmThen(t('teach.plan.remove.confirm', { title: plan.title || plan.name }), async () => {
            const answer = await requestOnce({ type: 'removePlan', key: teacherKey, name: plan.name }, ['planRemoved']);
            if (answer.type === 'error') return resolve(answer.message);
            await loadPlans(teacherKey);
            planPicker.removed(plan.title || plan.name);
            resolve(null);
        });
    }),
    share: (plan, on) => requestOnce({ type: on ? 'sharePlan' : 'unsharePlan', key: teacherKey, name: plan.name },
        [on ? 'planShared' : 'planUnshared']),
    // A signed-in teacher shares their own plans; the key holder the server's stored ones.
    mine: (plan) => (signedIn() ? Boolean(plan.own) : !plan.own),
});
const planRequest = (message, types) => requestOnce({ ...message, key: teacherKey }, types);
const planWriter = new PlanWriter($('plan-write'), {
    request: planRequest,
    chosen: () => planPicker.chosen(),
    saved: () => loadPlans(teacherKey),
});
// "New plan": the plan's model, starting point and options are New lesson's (planTop).
const planBuilder = new PlanBuilder($('plan-build'), {
    model: () => describe($('model').value),
    top: () => planTop(),
    results: new PlanResults($('pb-status'), $('pb-problems'), $('pb-preview-list')),
    request: planRequest,
    toEditor: (text, name) => {
        planWriter.put(text, name, t('teach.build.inEditor'));
        $('plan-text').focus();
    },
    saved: () => loadPlans(teacherKey),
});
/// Whether this tab is signed in as a teacher (a session token) rather than with the teacher key.
const signedIn = () => typeof teacherKey === 'string' && teacherKey.startsWith(SESSION_PREFIX);
/// The link secret of /teach#link=..., taken out of the address as the page loads.
let linkSecret = null;
const myLessons = new MyLessonsView($('my-lessons'), {
    open: (code) => openLesson(code, stored(tokenKey(code))),
    title: (model) => describe(model)?.title || model,
});
const sessions = new SessionsView($('session-list'), $('sessions-summary'), { revoke: revokeSession });
// The LMS grades of a lesson an LMS activity opened, asked with the session or the lesson's token.
const grades = new GradesView(
    { section: $('lms-grades'), table: $('lms-grades-list'), status: $('lms-grades-status'), send: $('send-grades') },
    () => (lesson ? { code: lesson.code, key: signedIn() ? teacherKey : lesson.token } : null));
const lessonTeachers = new LessonTeachersView({ owner: $('lesson-owner'), list: $('co-teachers') },
    { unshare: (name) => changeTeachers('unshare', name) });
const modelActions = new ModelActionsView($('model-actions'),
    { ...lessonSend, markBest: (on) => picture.setMarkBest(on) });

// MARK: - Screens

function showScreen(name) {
    $('account-signin').hidden = name !== 'signin';
    $('choose-password').hidden = name !== 'choose';
    $('signin').hidden = name !== 'signin';
    $('start').hidden = name !== 'start';
    $('console').hidden = name !== 'console';
    $('help-button').hidden = name !== 'console';
}

function problem(form, words) {
    setText(form.querySelector('.problem'), words ?? '');
}

// MARK: - Signing in and the models

async function signIn(key) {
    const form = $('signin');
    problem(form, '');
    const answer = await requestOnce({ type: 'describeModels', key, language: language() }, ['models']);
    if (answer.type === 'error') {
        const wasSession = key.startsWith(SESSION_PREFIX);
        store(KEY, null);
        store(TEACHER, null);
        teacherKey = null;
        if (wasSession) leaveLesson();
        else if (!lesson) showScreen('signin');
        problem(wasSession ? $('account-signin') : form, answer.message);
        return false;
    }
    teacherKey = key;
    store(KEY, key);
    renderAccount();
    models = Array.isArray(answer.models) ? answer.models : [];
    renderModels();
    if (!lesson) showScreen('start');
    renderConsoleForms();
    loadPlans(key);
    return true;
}

/// The server's lesson plans, for "Start from a plan"; then a plan a colleague's link asked to copy, once.
async function loadPlans(key) {
    const answer = await requestOnce({ type: 'describePlans', key }, ['plans']);
    if (answer.type === 'plans') planPicker.show(answer.plans);
    await copySharedPlan(key);
}

/// A plan page's "Copy into my plans" opens /teach#copy-plan=LINK: the link waits in this tab's sessionStorage
/// through the sign-in, and is copied into the teacher's plans once they are in (never sent in a URL).
const COPY_PLAN = 'petri.teach.copyPlan';
{
    const asked = location.hash.match(/^#copy-plan=([A-Za-z0-9_-]{1,128})$/);
    if (asked) {
        store(COPY_PLAN, asked[1]);
        history.replaceState(null, '', location.pathname + location.search);
    }
}

async function copySharedPlan(key) {
    const link = stored(COPY_PLAN);
    if (!link) return;
    store(COPY_PLAN, null);
    const answer = await requestOnce({ type: 'copySharedPlan', key, link }, ['planSaved']);
    if (answer.type === 'error') {
        planPicker.form.hidden = false;
        planPicker.say(answer.message);
        return;
    }
    const listed = await requestOnce({ type: 'describePlans', key }, ['plans']);
    if (listed.type === 'plans') planPicker.show(listed.plans);
    planPicker.choose(answer.name);
    const plan = planPicker.chosen();
    planPicker.say(t('teach.plan.share.copied', { title: plan?.title || answer.name, name: answer.name }));
}

function describe(model) {
    return models.find((m) => m.model === model) ?? null;
}

let parameterFields = [];

function renderModels() {
    const select = $('model');
    const previous = select.value;
    replaceChildren(select, models.map((m) => el('option', { value: m.model }, m.title || m.model)));
    if (models.some((m) => m.model === previous)) select.value = previous;
    renderModel();
}

function renderModel() {
    const model = describe($('model').value);
    setText($('model-story'), model?.story ?? '');
    const scenarios = model?.scenarios ?? [];
    replaceChildren($('scenario'), scenarios.map((s) => el('option', { value: s.name }, s.title || s.name)),
        el('option', words('teach.scenario.own', { value: '' }), t('teach.scenario.own')));
    $('scenario-field').hidden = scenarios.length === 0;
    // What kills (the lesson option `selection`) is offered for a model drawn as creatures on a background alone.
    $('opt-selection-field').hidden = model?.presentation?.picture !== 'traitField';
    parameterFields = (model?.parameters ?? []).map((p) => parameterField(p));
    replaceChildren($('parameter-fields'), parameterFields.map((f) => f.node));
    renderScenario();
    planBuilder.renderModel();
}

function renderScenario() {
    const model = describe($('model').value);
    const name = $('scenario').value;
    const scenario = model?.scenarios?.find((s) => s.name === name);
    setText($('scenario-explanation'), scenario?.explanation ?? '');
    $('parameters').hidden = Boolean(scenario);
}

function lessonOptions() {
    const options = {
        names: $('opt-names').value,
        leaderboardSize: Number($('opt-leaderboard-size').value || 10),
        speedBonus: $('opt-speed').checked,
        streakBonus: $('opt-streak').checked,
        leaderboard: $('opt-leaderboard').value,
        spread: $('opt-spread').value,
    };
    // The lesson's language (issue 25): a student's page starts in it unless the browser prefers another the
    // pages offer. The console in a language the form does not list (the pseudo-locale) leaves it unset: English.
    const language = $('opt-language').value;
    if (language !== '') options.language = language;
    const limit = $('opt-question-limit').value;
    if (limit !== '') options.questionLimit = Number(limit);
    // Sent only when it differs from the server's default (points scored).
    if ($('opt-rank-by').value === 'expected') options.rankBy = 'expected';
    // Sent only when it differs from the server's default (apart from the class).
    if ($('opt-makeup-ranking').value === 'withClass') options.makeupRanking = 'withClass';
    // Sent only for a model that can be hunted, and only when it differs from the default (the formula).
    if (!$('opt-selection-field').hidden && $('opt-selection').value !== 'formula') {
        options.selection = $('opt-selection').value;
    }
    return options;
}

/// A plan's model, starting point (a scenario, or the parameters' fields), seed and options, from New lesson.
function planTop() {
    const model = $('model').value;
    const scenario = $('scenario').value;
    const seed = $('opt-seed').value.trim();
    const top = { model, options: lessonOptions(), ...(seed ? { seed } : {}) };
    if (scenario && describe(model)?.scenarios?.length) return { ...top, scenario };
    const read = readFields(parameterFields);
    return read.problem ? { problem: read.problem } : { ...top, parameters: read.values };
}

async function createLesson(event) {
    event.preventDefault();
    const form = $('new-lesson');
    problem(form, '');
    const model = $('model').value;
    const scenario = $('scenario').value;
    let parameters;
    if (scenario && describe(model)?.scenarios?.length) {
        parameters = { scenario };
    } else {
        const read = readFields(parameterFields);
        if (read.problem) {
            problem(form, read.problem);
            return;
        }
        parameters = read.values;
    }
    const seed = $('opt-seed').value.trim();
    const answer = await requestOnce({ type: 'create', key: teacherKey, model, parameters, options: lessonOptions(),
        ...(seed ? { seed } : {}) }, ['created']);
    if (answer.type === 'error') {
        problem(form, answer.message);
        return;
    }
    openLesson(answer.code, answer.teacherToken);
}

async function importLesson(event) {
    event.preventDefault();
    const form = $('import');
    problem(form, '');
    const file = $('import-file').files?.[0];
    if (!file) {
        problem(form, t('teach.import.noFile'));
        return;
    }
    let definition;
    try {
        const parsed = JSON.parse(await file.text());
        definition = parsed?.definition ?? parsed;
    } catch {
        problem(form, t('teach.import.notJson'));
        return;
    }
    const answer = await requestOnce({ type: 'import', key: teacherKey, definition, options: lessonOptions() },
        ['created']);
    if (answer.type === 'error') {
        problem(form, answer.message);
        return;
    }
    openLesson(answer.code, answer.teacherToken);
}

function reattach(event) {
    event.preventDefault();
    const form = $('reattach');
    const code = normaliseCode($('reattach-code').value);
    const token = $('reattach-token').value.trim() || stored(tokenKey(code));
    if (!code) {
        problem(form, t('teach.reattach.noCode'));
        return;
    }
    if (!token) {
        problem(form, t('teach.reattach.noToken'));
        return;
    }
    $('reattach-token').value = '';
    problem(form, '');
    openLesson(code, token);
}

// MARK: - A teacher's account

async function accountSignIn(event) {
    event.preventDefault();
    const form = $('account-signin');
    const name = $('account-name').value.trim();
    const password = $('account-password').value;
    if (!name || !password) {
        problem(form, t('teach.account.missing'));
        return;
    }
    problem(form, '');
    const answer = await requestOnce({ type: 'signIn', name, password }, ['signedIn'], { timeoutMs: HASHING_MS });
    if (answer.type === 'error') {
        problem(form, answer.message);
        return;
    }
    $('account-password').value = '';
    startSession(answer);
}

async function choosePassword(event) {
    event.preventDefault();
    const form = $('choose-password');
    const password = $('new-password').value;
    if (!password) {
        problem(form, t('teach.choose.empty'));
        return;
    }
    if (password !== $('new-password-again').value) {
        problem(form, t('teach.choose.mismatch'));
        return;
    }
    problem(form, '');
    const answer = await requestOnce({ type: 'choosePassword', link: linkSecret ?? '', password }, ['signedIn'],
        { timeoutMs: HASHING_MS });
    if (answer.type === 'error') {
        problem(form, answer.message);
        if (answer.code === 'not-authorised') linkSecret = null;
        return;
    }
    linkSecret = null;
    $('new-password').value = '';
    $('new-password-again').value = '';
    startSession(answer);
}

/// Signed in (`signedIn`): the session token takes the key's place in this tab.
function startSession(answer) {
    store(TEACHER, String(answer.teacher?.name ?? ''));
    signIn(String(answer.session ?? ''));
}

function renderAccount() {
    $('account').hidden = !signedIn();
    if (!signedIn()) return;
    setText($('signed-in-as'), t('teach.mine.signedInAs', { name: stored(TEACHER) ?? '' }));
    loadAccount();
}

/// "My lessons" and the sign-ins, asked again whenever the start screen shows.
async function loadAccount() {
    if (!signedIn()) return;
    const session = teacherKey;
    const [mine, list] = await Promise.all([
        accountRequest(session, 'myLessons', {}, ['myLessons']),
        accountRequest(session, 'sessions', {}, ['sessions']),
    ]);
    if (session !== teacherKey) return;
    const failed = [mine, list].find((answer) => answer.type === 'error');
    problem($('account'), failed?.message ?? '');
    if (mine.type === 'myLessons') myLessons.render(mine.lessons);
    if (list.type === 'sessions') sessions.render(list.sessions);
}

async function revokeSession(handle, current) {
    const answer = await accountRequest(teacherKey, 'revokeSession', { handle }, ['sessions']);
    if (answer.type === 'error') {
        problem($('account'), answer.message);
        return;
    }
    if (current) {
        forgetSession(t('teach.sessions.ended'));
        return;
    }
    sessions.render(answer.sessions);
    status.say(t('teach.sessions.ended'));
}

async function signOutAccount() {
    if (signedIn()) await accountRequest(teacherKey, 'signOut', {}, ['signedOut']);
    forgetSession(t('teach.signedOut'));
}

/// Back to the sign-in screen, this tab's session forgotten, saying why.
function forgetSession(words) {
    store(KEY, null);
    store(TEACHER, null);
    teacherKey = null;
    leaveLesson();
    $('account').hidden = true;
    myLessons.render(null);
    problem($('account-signin'), words);
    status.say(words);
    $('account-name').focus();
}

async function loadLessonTeachers() {
    const code = lesson?.code;
    if (!code || !signedIn()) return;
    const answer = await accountRequest(teacherKey, 'lessonTeachers', { code }, ['lessonTeachers']);
    if (answer.type === 'lessonTeachers' && answer.code === lesson?.code) lessonTeachers.render(answer);
}

/// `share`, `unshare` or `handOver` of this console's lesson with a colleague.
async function changeTeachers(type, name) {
    const form = $('share');
    const code = lesson?.code;
    if (!code) return;
    if (!name) {
        problem(form, t('teach.teachers.noColleague'));
        return;
    }
    problem(form, '');
    const answer = await accountRequest(teacherKey, type, { code, teacher: name }, ['lessonTeachers']);
    if (answer.type === 'error') {
        problem(form, answer.message);
        return;
    }
    $('colleague').value = '';
    lessonTeachers.render(answer);
    const done = { share: 'teach.teachers.didShare', unshare: 'teach.teachers.didUnshare', handOver: 'teach.teachers.didHandOver' };
    status.say(t(done[type], { name }));
}

// MARK: - The lesson connection

function openLesson(code, token) {
    connection?.stop();
    lesson = { code, token: token ?? null };
    if (token) store(tokenKey(code), token);
    store(CURRENT, code);
    state = createState();
    answered = new Map();
    checkpointAt = null;
    renderedFormsFor = null;
    reasons.clear();
    planView.clear();
    lessonTeachers.clear();
    grades.clear();
    replicates.shown('');
    connection = new Connection({
        // A signed-in teacher always attaches with their session (`open`), so that the console ends with it.
        hello: (lastSeen) => ({
            ...(signedIn() ? { type: 'open', session: teacherKey } : { type: 'teach', token }),
            code, language: language(), ...(lastSeen ? { lastSeen } : {}),
        }),
        onMessage: receive,
        onState: (connectionState) => {
            state.connection = connectionState;
            status.render(state);
        },
    });
    connection.start();
    if (!models.length && !teacherKey) loadModels();
}

/// The models' descriptions without the key (anyone may ask), for the console's parameter forms when this tab
/// holds a lesson's token but not the key.
async function loadModels() {
    const answer = await requestOnce({ type: 'describeModels', language: language() }, ['models']);
    if (answer.type !== 'models' || models.length) return;
    models = Array.isArray(answer.models) ? answer.models : [];
    renderModels();
    renderConsoleForms();
}

function leaveLesson() {
    connection?.stop();
    connection = null;
    lesson = null;
    store(CURRENT, null);
    state = createState();
    showScreen(teacherKey ? 'start' : 'signin');
    if (signedIn()) loadAccount();
    setText($('lesson-title'), '');
    document.title = t('teach.title');
}

function send(message) {
    if (!connection?.send(message)) {
        setText($('console-problem'), t('teach.notConnected'));
        return false;
    }
    return true;
}

function ask(message) {
    lastAsked = message;
    send(message);
}

function receive(message) {
    if (message.type === 'error' && message.code === 'not-authorised' && lesson && signedIn()) {
        // Opened with the session: the lesson is not this teacher's (any more), or the sign-in has ended (the
        // server then closes the connection). Back to the start, where the session is checked again.
        leaveLesson();
        problem($('account'), message.message);
        if (teacherKey) signIn(teacherKey);
        return;
    }
    if (message.type === 'error' && state.role === null && ['unknown-lesson', 'unknown-token', 'lesson-expired']
        .includes(message.code)) {
        // The stored lesson is gone or the token is wrong: back to the start with the server's sentence.
        const code = lesson?.code;
        if (code) store(tokenKey(code), null);
        leaveLesson();
        problem($('reattach'), message.message);
        return;
    }
    if (message.type === 'connectionClosed' && message.code === 4002 && lesson) {
        // Ended: attach again read-only, to keep the final board, the gradebook and the lesson file.
        const { code, token } = lesson;
        setTimeout(() => { if (lesson?.code === code) reopenEnded(code, token); }, 0);
    }
    switch (message.type) {
        case 'welcome':
            if (Array.isArray(message.answeredBy)) {
                const open = (message.questions ?? []).find((q) => q.state === 'open');
                if (open) answered.set(open.id, new Set(message.answeredBy));
            }
            checkpointAt = typeof message.checkpoint === 'number' ? message.checkpoint : null;
            grades.refresh();
            makeupPanel.reset(); // the server sends the lesson's make-up, if it has one, after the welcome
            if (signedIn()) loadLessonTeachers();
            break;
        case 'answerCount': {
            const set = answered.get(message.question) ?? new Set();
            for (const id of message.answeredBy ?? []) set.add(id);
            answered.set(message.question, set);
            break;
        }
        case 'checkpointSaved': checkpointAt = message.generation; break;
        case 'studentErased': {
            const name = state.roster.get(message.student)?.name;
            state.roster.delete(message.student);
            for (const set of answered.values()) set.delete(message.student);
            if (name !== undefined) status.say(t('teach.erase.done', { name }));
            break;
        }
        case 'lessonTeachers': if (message.code === lesson?.code) lessonTeachers.render(message); break;
        case 'plan': planView.show(message); break;
        case 'makeup': makeupPanel.received(message); break;
        case 'explanation':
            status.say([message.title, ...(message.paragraphs ?? [])].filter(Boolean).join(' '));
            break;
        case 'reasons': reasons.received(message); break;
        case 'created':
            // A clone: open it (its token is kept for this tab like any other lesson's).
            openLesson(message.code, message.teacherToken);
            return;
        case 'results':
            download(`petri-${lesson?.code ?? 'lesson'}-results.csv`, message.csv ?? '', 'text/csv');
            status.say(t('teach.gradebookDownloaded'));
            break;
        case 'definition':
            download(`petri-${lesson?.code ?? 'lesson'}.json`, JSON.stringify({ definition: message.definition }, null, 2),
                'application/json');
            status.say(t('teach.lessonFileDownloaded'));
            break;
        default: break;
    }
    hunt.received(message);
    const words = apply(state, message);
    for (const line of words ?? []) status.say(line);
    if (message.type === 'replicates' && words?.length) replicates.shown(words[0]);
    if (message.type === 'error') setText($('console-problem'), message.message);
    else if (['stats', 'snapshot', 'question', 'actionApplied', 'rewound', 'restored', 'checkpointSaved', 'running',
        'paused'].includes(message.type)) setText($('console-problem'), '');
    render();
}

function reopenEnded(code, token) {
    const keep = state;
    openLesson(code, token);
    state.lessonEnded = keep.lessonEnded;
}

function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = el('a', { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// MARK: - Rendering the console

let renderedFormsFor = null;
let setField = null;
let cloneFields = [];

/// The set-parameter and clone forms, from the model's changeable parameters and the lesson's current values.
function renderConsoleForms() {
    const model = describe(state.model);
    const key = model ? `${lesson?.code}:${state.model}:${JSON.stringify(state.parameters)}` : null;
    if (!model || key === renderedFormsFor) return;
    renderedFormsFor = key;
    const changeable = model.parameters.filter((p) => p.changeable);
    const select = $('set-name');
    const previous = select.value;
    replaceChildren(select, changeable.map((p) => el('option', { value: p.name }, parameterLabel(p))));
    if (changeable.some((p) => p.name === previous)) select.value = previous;
    renderSetField();
    cloneFields = changeable.map((p) => parameterField(p, state.parameters?.[p.name] ?? p.defaultValue));
    replaceChildren($('clone-fields'), cloneFields.map((f) => f.node));
}

function renderSetField() {
    const model = describe(state.model);
    const parameter = model?.parameters.find((p) => p.name === $('set-name').value);
    setField = parameter ? parameterField(parameter, state.parameters?.[parameter.name] ?? parameter.defaultValue) : null;
    replaceChildren($('set-field'), setField?.node ?? null);
}

function renderPosition() {
    const position = state.position;
    const rewound = position?.timeline ? t('teach.position.rewound', { count: position.timeline }) : '';
    const words = position ? t('teach.position.generation', { generation: position.generation, rewound })
        : t('teach.position.waiting');
    const running = state.running ? t('teach.position.running', { rate: formatNumber(state.running) })
        : t('teach.position.paused');
    const parts = [words, state.ended ? t('teach.position.ended') : running, state.runOver ?? ''];
    setText($('position'), t(state.runOver ? 'teach.position.runOver' : 'teach.position', {
        position: parts[0], running: parts[1], over: parts[2],
    }));
    setText($('checkpoint-state'), checkpointAt === null ? t('teach.checkpoint.none')
        : t('teach.checkpoint.at', { generation: checkpointAt }));
    $('run').disabled = state.ended;
    $('pause').disabled = state.ended || !state.running;
}

let renderedQuestion = null;

function renderQuestion() {
    const root = $('current-question');
    const question = currentQuestion(state);
    if (!question) {
        renderedQuestion = null;
        replaceChildren(root, el('h2', {}, t('teach.questions')), el('p', { class: 'waiting' }, t('teach.noQuestion')));
        return;
    }
    const words = {
        open: 'projector.state.open', locked: 'projector.state.locked', resolved: 'projector.state.resolved',
        cancelled: 'projector.state.cancelled',
    };
    const count = state.answerCounts.get(question.id);
    const who = [...(answered.get(question.id) ?? [])]
        .map((id) => state.roster.get(id)?.name ?? t('teach.studentNumber', { number: id }))
        .sort((a, b) => a.localeCompare(b, language()));
    const resolved = state.resolutions.get(question.id);
    const spread = resolved?.spread ?? state.shownSpreads.get(question.id);
    // Redrawn only when something it shows changed, so a focused button keeps its focus during an auto-run.
    const drawn = JSON.stringify([lesson?.code, question, count, who, resolved, spread, state.options?.spread, language()]);
    if (drawn === renderedQuestion) return;
    renderedQuestion = drawn;
    const canvas = el('canvas', { class: 'chart spread', role: 'img', id: 'teacher-spread' });
    const closeButton = question.state === 'open'
        ? el('button', { type: 'button', id: 'close-question' }, t('teach.closeQuestion')) : null;
    closeButton?.addEventListener('click', () => send({ type: 'closeQuestion', question: question.id }));
    const showButton = (question.state === 'open' || question.state === 'locked') && state.options?.spread !== 'atResolution'
        ? el('button', { type: 'button', id: 'show-answers' }, t('projector.showAnswers')) : null;
    showButton?.addEventListener('click', () => send({ type: 'showAnswers', question: question.id }));
    const metric = String(question.metricDescription ?? question.metric).replace(/\.$/, '');
    const detailWords = { metric, unit: question.unit ?? '', generation: question.target };
    const line = question.hunts ? t('projector.detail.hunts', { ...detailWords, count: question.hunts })
        : question.unit ? t('projector.detail.unit', detailWords) : t('projector.detail', detailWords);
    const toleranced = (question.kind === 'number' || question.kind === 'range') && question.tolerance !== undefined
        ? t('teach.detail.tolerance', { line, tolerance: formatNumber(question.tolerance) }) : line;
    const detail = question.kind === 'range'
        ? t('teach.detail.sure', { line: toleranced, sure: question.confidence ?? 80 }) : toleranced;
    replaceChildren(root,
        el('h2', { id: 'question-title' }, t('projector.question', {
            number: question.id, state: words[question.state] ? t(words[question.state]) : question.state,
        })),
        el('p', { class: 'prompt' }, question.prompt || t('question.defaultPrompt', { metric: question.metricDescription || question.metric })),
        el('p', { class: 'detail' }, detail),
        question.kind === 'choice' ? el('ol', { class: 'option-list' }, (question.options ?? []).map((o) => el('li', {}, o.label)))
            : null,
        el('p', { class: 'answered', id: 'answered' }, count ? t('projector.answered', { count: count.answered, total: count.students }) : ''),
        who.length ? el('p', { class: 'answered-names', id: 'answered-names' },
            t('teach.answeredNames', { names: who.join(t('lesson.readings.separator')) })) : null,
        question.state === 'cancelled' ? el('p', {}, question.cancelReason ?? '') : null,
        resolved ? el('p', { class: 'actual', id: 'teacher-actual' }, t('results.actualMarker', { actual: describeActual(state, resolved) })) : null,
        resolved?.expected ? el('p', { class: 'expected', id: 'teacher-expected' }, describeExpected(resolved.expected))
            : null,
        spread ? canvas : null,
        el('div', { class: 'button-row' }, closeButton, showButton));
    if (spread) requestAnimationFrame(() => drawSpread(canvas, question, spread, resolved));
}

function renderEnded() {
    const node = $('ended');
    node.hidden = !state.ended;
    if (!state.ended) return;
    const summary = state.lessonEnded;
    replaceChildren(node, el('h3', {}, t('student.closing.heading')),
        el('p', {}, summary ? t('teach.ended.scored', { count: summary.questions }) : t('teach.ended.closing')),
        state.leaderboard ? leaderboardTable(state.leaderboard) : null);
}

function render() {
    if (!lesson) return;
    if (state.role === null) return;
    showScreen('console');
    const code = lesson.code;
    setText($('lesson-title'), state.model ? t('teach.lessonTitle.model', { code, model: describe(state.model)?.title ?? state.model })
        : t('teach.lessonTitle', { code }));
    document.title = t('teach.title.lesson', { code });
    setText($('console-code'), code);
    $('projector-link').setAttribute('href', `/projector/${code}`);
    // The report page finds the token in sessionStorage, which a tab opened with an opener inherits.
    $('report-link').setAttribute('href', `/report/${code}`);
    // A lesson opened with the session has no token in this tab: the projector and the report it opens use this
    // tab's sign-in instead (they inherit its sessionStorage), and the token's own line shows only with a token.
    setText($('teacher-token-text'), lesson.token ?? '');
    $('teacher-token-text').closest('details').hidden = !lesson.token;
    $('lesson-teachers').hidden = !signedIn();
    status.render(state);
    picture.render(state);
    charts.render(state);
    renderPosition();
    renderConsoleForms();
    builder.render(state);
    renderQuestion();
    roster.render(state);
    reasons.render(state);
    replicates.render(state);
    hunt.render(state);
    modelActions.render(state);
    renderEnded();
    about.render(state);
    for (const id of ['step-1', 'step-5', 'step-10', 'rewind', 'checkpoint', 'restore', 'end-lesson', 'q-ask']) {
        $(id).disabled = state.ended;
    }
}

// MARK: - Confirmation and help

function confirmThen(words, action) {
    const dialog = $('confirm');
    setText($('confirm-text'), words);
    dialog.returnValue = '';
    dialog.onclose = () => {
        if (dialog.returnValue === 'yes') action();
    };
    dialog.showModal();
    $('confirm-no').focus();
}

function toggleRun() {
    if (state.running) send({ type: 'pause' });
    else send({ type: 'run', rate: Number($('run-rate').value || lastRate) });
}

function shortcut(event) {
    if ($('console').hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    // WCAG 2.1.4: single-key shortcuts can be turned off (the help's checkbox, remembered in this browser).
    if (!$('shortcuts-on').checked) return;
    if (document.querySelector('dialog[open]')) return;
    const target = event.target;
    if (target instanceof HTMLElement && target.closest('input, select, textarea, [contenteditable]')) return;
    const actions = {
        1: () => send({ type: 'step', count: 1 }),
        5: () => send({ type: 'step', count: 5 }),
        0: () => send({ type: 'step', count: 10 }),
        r: toggleRun,
        a: () => {
            if (lastAsked) ask(lastAsked);
            else setText($('console-problem'), t('teach.noneAsked'));
        },
        '?': () => $('help').showModal(),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
}

// MARK: - Wiring

$('signin').addEventListener('submit', (event) => {
    event.preventDefault();
    const key = $('teacher-key').value;
    $('teacher-key').value = '';
    if (!key) {
        problem($('signin'), t('teach.signin.noKey'));
        return;
    }
    signIn(key);
});
$('account-signin').addEventListener('submit', accountSignIn);
$('choose-password').addEventListener('submit', choosePassword);
$('account-sign-out').addEventListener('click', signOutAccount);
$('refresh-lessons').addEventListener('click', loadAccount);
$('share').addEventListener('submit', (event) => {
    event.preventDefault();
    changeTeachers('share', $('colleague').value.trim());
});
$('hand-over').addEventListener('click', () => {
    const name = $('colleague').value.trim();
    if (!name) {
        problem($('share'), t('teach.teachers.noColleague'));
        return;
    }
    confirmThen(t('teach.teachers.handOverConfirm', { code: lesson?.code ?? '', name }),
        () => changeTeachers('handOver', name));
});
$('model').addEventListener('change', renderModel);
$('scenario').addEventListener('change', renderScenario);
$('new-lesson').addEventListener('submit', createLesson);
$('new-plan').addEventListener('click', () => {
    $('plan-build').hidden = false;
    $('new-plan').setAttribute('aria-expanded', 'true');
    $('pb-title').focus();
});
$('import').addEventListener('submit', importLesson);
$('reattach').addEventListener('submit', reattach);
$('sign-out').addEventListener('click', () => {
    if (signedIn()) {
        signOutAccount();
        return;
    }
    store(KEY, null);
    teacherKey = null;
    showScreen('signin');
});
$('leave').addEventListener('click', leaveLesson);
for (const button of document.querySelectorAll('[data-step]')) {
    button.addEventListener('click', () => send({ type: 'step', count: Number(button.dataset.step) }));
}
$('run').addEventListener('click', () => {
    lastRate = Number($('run-rate').value || lastRate);
    send({ type: 'run', rate: lastRate });
});
$('pause').addEventListener('click', () => send({ type: 'pause' }));
$('rewind').addEventListener('click', () => send({ type: 'rewind', count: Number($('rewind-count').value || 1) }));
$('checkpoint').addEventListener('click', () => send({ type: 'checkpoint' }));
$('restore').addEventListener('click', () => send({ type: 'restore' }));
$('set-name').addEventListener('change', renderSetField);
$('set-parameter').addEventListener('submit', (event) => {
    event.preventDefault();
    if (!setField) return;
    const read = readFields([setField]);
    if (read.problem) {
        setText($('console-problem'), read.problem);
        return;
    }
    const value = read.values[setField.parameter.name];
    if (value === undefined) {
        setText($('console-problem'), t('teach.set.noValue', { parameter: parameterLabel(setField.parameter) }));
        return;
    }
    send({ type: 'setParameter', name: setField.parameter.name, value });
});
$('clone').addEventListener('submit', (event) => {
    event.preventDefault();
    const read = readFields(cloneFields);
    if (read.problem) {
        setText($('console-problem'), read.problem);
        return;
    }
    const changes = Object.entries(read.values)
        .filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(state.parameters?.[name]))
        .map(([name, value]) => ({ name, value }));
    send({ type: 'clone', changes });
});
$('download-csv').addEventListener('click', () => send({ type: 'exportResults' }));
$('export-lesson').addEventListener('click', () => send({ type: 'export' }));
$('end-lesson').addEventListener('click', () => confirmThen(
    t('teach.end.confirm'),
    () => send({ type: 'end' })));
$('projector-link').addEventListener('click', () => {
    // The projector tab reads the token (else this tab's sign-in) from its own sessionStorage, which a tab opened
    // from here inherits.
    if (lesson?.token) store(`petri.projector.${lesson.code}`, lesson.token);
});
$('help-button').addEventListener('click', () => $('help').showModal());
$('shortcuts-on').checked = stored(SHORTCUTS_OFF, localStorage) !== 'off';
$('shortcuts-on').addEventListener('change', () => store(SHORTCUTS_OFF, $('shortcuts-on').checked ? null : 'off', localStorage));
$('help').addEventListener('close', () => $('help-button').focus());
document.addEventListener('keydown', shortcut);

// The page's language, and the lesson's: the new-lesson form offers the languages the pages have, starting
// with the one the page is in.
languageSwitch($('language-switch'));
replaceChildren($('opt-language'), LANGUAGES.map(({ tag, name }) => el('option', { value: tag, lang: tag }, name)));
$('opt-language').value = language();
fillWords();
onLanguageChange(() => {
    fillWords();
    if (connection) tellServer(state, (m) => connection.send(m));
    renderedQuestion = null;
    renderedFormsFor = null; // the set-parameter and clone fields' help ("Allowed: …") is words too
    picture.relabel();
    charts.relabel();
    about.relabel(state);
    builder.relabel?.(state);
    roster.relabel?.(state);
    reasons.relabel?.(state);
    replicates.relabel?.(state);
    modelActions.relabel?.(state);
    makeupPanel.relabel();
    myLessons.render();
    planBuilder.relabel();
    sessions.render();
    lessonTeachers.render();
    if (signedIn()) setText($('signed-in-as'), t('teach.mine.signedInAs', { name: stored(TEACHER) ?? '' }));
    if (lesson && state.role !== null) render();
    else if (!lesson) document.title = t('teach.title');
});

// A one-time sign-in link (/teach#link=SECRET): the secret leaves the address at once (history, screenshots).
if (location.hash.startsWith('#link=')) {
    linkSecret = decodeURIComponent(location.hash.slice('#link='.length));
    history.replaceState(null, '', location.pathname);
}
// A reload: back to the lesson this tab was running, signed in as before.
teacherKey = stored(KEY);
const current = stored(CURRENT);
if (linkSecret) {
    store(KEY, null);
    teacherKey = null;
    showScreen('choose');
    $('new-password').focus();
} else {
    if (current && (stored(tokenKey(current)) || signedIn())) {
        openLesson(current, stored(tokenKey(current)));
    }
    if (teacherKey) {
        signIn(teacherKey);
    } else if (!lesson) {
        showScreen('signin');
        $('account-name').focus();
    }
}
