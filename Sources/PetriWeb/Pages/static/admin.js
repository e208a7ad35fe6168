// @ts-check
// The administrator's page (/admin): signed in with the server's teacher key (the administrator's, kept in this
// tab's sessionStorage only), it lists the teachers with their status and sign-ins, adds one or resets one
// (showing the one-time sign-in link once, to hand over), disables (their sign-ins end at once, on every node),
// enables and removes; lists every teacher's sign-ins (each may be ended) and every lesson with its owner (in a
// cluster, every node's, with the node running it), each of which may be erased now (after a confirmation: its
// people are sent away, on whichever node runs it, and nothing of it is kept).
// It registers the school's LMSs as LTI 1.3 platforms too (as `petri lti` does: listed, added with every mistake
// told beside its field, removed after a confirmation), and shows Petri's URLs to paste into an LMS, each with a
// copy button.
// Everything goes through petri.v1 (PROTOCOL.md sections 11, 11.2) with the key in place of a session; every refusal
// shows the server's sentence; text from the network goes in through textContent only.

import { el, setText, replaceChildren } from './dom.js';
import { requestOnce } from './connection.js';
import { t, formatDate, fillWords, onLanguageChange } from './words.js';
import { languageSwitch } from './view-language.js';

const KEY = 'petri.admin.key';
const $ = (id) => document.getElementById(id);

let key = null;
let teachers = [];
let sessions = [];
let lessons = [];
let platforms = [];
/// Where Petri's LTI endpoints are on the server (`platforms` says; null until it has).
let toolPaths = null;

function stored() {
    try {
        return sessionStorage.getItem(KEY);
    } catch {
        return null;
    }
}

function store(value) {
    try {
        if (value === null) sessionStorage.removeItem(KEY);
        else sessionStorage.setItem(KEY, value);
    } catch {
        // storage off: the page still works, only a reload signs out
    }
}

function say(words) {
    setText($('live'), words);
}

function request(type, fields, types) {
    return requestOnce({ type, session: key, ...fields }, types);
}

// MARK: - Signing in

async function signIn(candidate) {
    const form = $('admin-signin');
    setText(form.querySelector('.problem'), '');
    key = candidate;
    const answer = await request('teachers', {}, ['teachers']);
    if (answer.type === 'error') {
        key = null;
        store(null);
        $('admin').hidden = true;
        form.hidden = false;
        setText(form.querySelector('.problem'), answer.message);
        $('admin-key').focus();
        return;
    }
    store(candidate);
    form.hidden = true;
    $('admin').hidden = false;
    teachers = answer.teachers ?? [];
    renderTeachers();
    await Promise.all([refresh(), refreshPlatforms()]);
}

/// Teachers, sign-ins and lessons, asked again.
async function refresh() {
    const [list, signIns, all] = await Promise.all([
        request('teachers', {}, ['teachers']),
        request('sessions', {}, ['sessions']),
        request('myLessons', {}, ['myLessons']),
    ]);
    const failed = [list, signIns, all].find((answer) => answer.type === 'error');
    setText($('teachers-problem'), failed?.message ?? '');
    if (list.type === 'teachers') teachers = list.teachers ?? [];
    if (signIns.type === 'sessions') sessions = signIns.sessions ?? [];
    if (all.type === 'myLessons') lessons = all.lessons ?? [];
    renderTeachers();
    renderSessions();
    renderLessons();
}

// MARK: - Teachers

function renderTeachers() {
    if (teachers.length === 0) {
        replaceChildren($('teacher-list'), el('p', { class: 'field-help' }, t('admin.teachers.none')));
        renderSessionChoice();
        return;
    }
    const head = el('tr', {}, ['admin.teachers.name', 'admin.teachers.email', 'admin.teachers.status',
        'admin.teachers.password', 'admin.teachers.sessions', 'admin.teachers.actions']
        .map((name) => el('th', { scope: 'col' }, t(name))));
    const rows = teachers.map((teacher) => {
        const name = String(teacher.name ?? '');
        const active = teacher.status === 'active';
        const button = (words, action, extra = {}) => {
            const node = el('button', { type: 'button', class: 'small', ...extra }, words);
            node.addEventListener('click', action);
            return node;
        };
        return el('tr', { 'data-teacher': name },
            el('th', { scope: 'row' }, name),
            el('td', {}, teacher.email ? String(teacher.email) : '–'),
            el('td', {}, active ? t('admin.status.active') : t('admin.status.disabled')),
            el('td', {}, teacher.passwordSet ? t('admin.password.set') : t('admin.password.notYet')),
            el('td', {}, t('admin.teachers.sessionCount', { count: Number(teacher.sessions ?? 0) })),
            el('td', { class: 'button-row' },
                button(t('admin.reset', { name }), () => confirmThen(t('admin.reset.confirm', { name }),
                    () => change('resetTeacher', name))),
                active
                    ? button(t('admin.disable', { name }), () => confirmThen(t('admin.disable.confirm', { name }),
                        () => change('disableTeacher', name)), { class: 'small danger' })
                    : button(t('admin.enable', { name }), () => change('enableTeacher', name)),
                button(t('admin.remove', { name }), () => confirmThen(t('admin.remove.confirm', { name }),
                    () => change('removeTeacher', name)), { class: 'small danger' })));
    });
    replaceChildren($('teacher-list'), el('table', { class: 'my-lessons', id: 'teacher-table' },
        el('caption', {}, t('admin.teachers.caption', { count: teachers.length })),
        el('thead', {}, head), el('tbody', {}, rows)));
    renderSessionChoice();
}

/// Resets, disables, enables or removes a teacher; a reset shows the new link.
async function change(type, name) {
    hideLink();
    const answer = await request(type, { teacher: name }, ['teachers', 'signInLink']);
    if (answer.type === 'error') {
        setText($('teachers-problem'), answer.message);
        return;
    }
    setText($('teachers-problem'), '');
    if (answer.type === 'signInLink') showLink(answer, 'admin.link.reset');
    const done = {
        resetTeacher: 'admin.did.reset', disableTeacher: 'admin.did.disable', enableTeacher: 'admin.did.enable',
        removeTeacher: 'admin.did.remove',
    };
    say(t(done[type], { name }));
    await refresh();
}

async function addTeacher(event) {
    event.preventDefault();
    hideLink();
    const name = $('new-teacher-name').value.trim();
    const email = $('new-teacher-email').value.trim();
    if (!name) {
        setText($('teachers-problem'), t('admin.add.noName'));
        $('new-teacher-name').focus();
        return;
    }
    const answer = await request('addTeacher', { name, ...(email ? { email } : {}) }, ['signInLink']);
    if (answer.type === 'error') {
        setText($('teachers-problem'), answer.message);
        return;
    }
    setText($('teachers-problem'), '');
    $('new-teacher-name').value = '';
    $('new-teacher-email').value = '';
    showLink(answer, 'admin.link.added');
    say(t('admin.did.add', { name: String(answer.teacher ?? name) }));
    await refresh();
}

/// The one-time link, shown once: a URL of this server's /teach with the secret after `#` (never sent to a server).
function showLink(answer, words) {
    const url = `${location.origin}/teach#link=${encodeURIComponent(String(answer.link ?? ''))}`;
    setText($('link-explain'), t(words, { name: String(answer.teacher ?? '') }));
    setText($('link-text'), url);
    $('link-panel').hidden = false;
}

function hideLink() {
    setText($('link-text'), '');
    $('link-panel').hidden = true;
}

// MARK: - Sign-ins and lessons

function renderSessionChoice() {
    const select = $('session-teacher');
    const previous = select.value;
    replaceChildren(select, el('option', { value: '' }, t('admin.sessions.everyone')),
        teachers.map((teacher) => el('option', { value: String(teacher.name ?? '') }, String(teacher.name ?? ''))));
    if ([...select.options].some((option) => option.value === previous)) select.value = previous;
}

function renderSessions() {
    const who = $('session-teacher').value;
    const shown = sessions.filter((session) => !who || session.teacher === who);
    if (shown.length === 0) {
        replaceChildren($('admin-sessions'), el('li', {}, t('admin.sessions.none')));
        return;
    }
    replaceChildren($('admin-sessions'), shown.map((session) => {
        const handle = String(session.handle ?? '');
        const end = el('button', { type: 'button', class: 'small' }, t('teach.sessions.end'));
        end.addEventListener('click', async () => {
            const answer = await request('revokeSession', { handle }, ['sessions']);
            if (answer.type === 'error') {
                setText($('teachers-problem'), answer.message);
                return;
            }
            sessions = answer.sessions ?? [];
            say(t('teach.sessions.ended'));
            renderSessions();
        });
        return el('li', { 'data-handle': handle }, t('admin.sessions.line', {
            teacher: String(session.teacher ?? ''), from: String(session.from ?? ''),
            signedIn: formatDate(session.signedInAt), lastSeen: formatDate(session.lastSeenAt),
        }), ' ', end);
    }));
}

function renderLessons() {
    if (lessons.length === 0) {
        replaceChildren($('all-lessons'), el('p', { class: 'field-help' }, t('admin.lessons.none')));
        return;
    }
    // In a cluster the list is every node's, each lesson with the node that runs it (on one server: no column).
    const cluster = lessons.some((lesson) => typeof lesson.node === 'string');
    const columns = ['teach.mine.code', 'teach.mine.model', 'admin.lessons.owner', 'teach.mine.started',
        'teach.mine.state', ...(cluster ? ['admin.lessons.node'] : []), 'admin.lessons.actions'];
    const head = el('tr', {}, columns.map((name) => el('th', { scope: 'col' }, t(name))));
    const rows = lessons.map((lesson) => {
        const code = String(lesson.code ?? '');
        const running = typeof lesson.endedAt !== 'number';
        const erase = el('button', { type: 'button', class: 'small danger' }, t('admin.lessons.erase', { code }));
        erase.addEventListener('click', () => confirmThen(
            t(running ? 'admin.lessons.erase.confirmRunning' : 'admin.lessons.erase.confirm', { code }),
            () => eraseLesson(code)));
        return el('tr', { 'data-code': code },
            el('th', { scope: 'row' }, code), el('td', {}, String(lesson.model ?? '')),
            el('td', {}, lesson.owner ? String(lesson.owner) : t('teach.teachers.administrator')),
            el('td', {}, formatDate(lesson.createdAt)),
            el('td', {}, running ? t('teach.mine.running') : t('teach.mine.ended', { time: formatDate(lesson.endedAt) })),
            ...(cluster ? [el('td', { class: 'node' },
                typeof lesson.node === 'string' ? lesson.node : t('admin.lessons.noNode'))] : []),
            el('td', {}, erase));
    });
    replaceChildren($('all-lessons'), el('table', { class: 'my-lessons', id: 'lesson-table' },
        el('caption', {}, t('teach.mine.caption', { count: lessons.length })),
        el('thead', {}, head), el('tbody', {}, rows)));
}

/// Erases a lesson now (its people are sent away with a sentence), then shows the list without it.
async function eraseLesson(code) {
    const answer = await request('eraseLesson', { code }, ['myLessons']);
    if (answer.type === 'error') {
        setText($('lessons-problem'), answer.message);
        $('lessons-heading').focus();
        return;
    }
    setText($('lessons-problem'), '');
    lessons = answer.lessons ?? [];
    renderLessons();
    say(t('admin.lessons.erased', { code }));
    $('lessons-heading').focus();
}

// MARK: - LTI platforms

/// The add form's fields by the request's names for them (`platformProblems` names the same).
const PLATFORM_FIELDS = {
    issuer: 'platform-issuer', clientId: 'platform-client-id', authUrl: 'platform-auth-url',
    tokenUrl: 'platform-token-url', jwksUrl: 'platform-jwks-url', deploymentIds: 'platform-deployment-ids',
};

async function refreshPlatforms() {
    const answer = await request('platforms', {}, ['platforms']);
    if (answer.type === 'error') {
        setText($('platforms-problem'), answer.message);
        return;
    }
    setText($('platforms-problem'), '');
    takePlatforms(answer);
}

function takePlatforms(answer) {
    platforms = answer.platforms ?? [];
    toolPaths = answer.tool ?? null;
    renderPlatforms();
}

function renderPlatforms() {
    renderToolURLs();
    if (platforms.length === 0) {
        replaceChildren($('platform-list'), el('p', { class: 'field-help' }, t('admin.platforms.none')));
        return;
    }
    const head = el('tr', {}, ['admin.platforms.issuer', 'admin.platforms.clientId', 'admin.platforms.deployments',
        'admin.platforms.urls', 'admin.platforms.actions'].map((name) => el('th', { scope: 'col' }, t(name))));
    const rows = platforms.map((platform) => {
        const issuer = String(platform.issuer ?? '');
        const clientId = String(platform.clientId ?? '');
        const deployments = (platform.deploymentIds ?? []).map(String);
        const remove = el('button', { type: 'button', class: 'small danger' },
            t('admin.platforms.remove', { issuer, clientId }));
        remove.addEventListener('click', () => confirmThen(t('admin.platforms.remove.confirm', { issuer, clientId }),
            () => removePlatform(issuer, clientId)));
        return el('tr', { 'data-issuer': issuer, 'data-client-id': clientId },
            el('th', { scope: 'row' }, issuer), el('td', {}, clientId),
            el('td', {}, el('ul', { class: 'plain' }, deployments.map((id) => el('li', {}, id)))),
            el('td', {}, el('ul', { class: 'plain' },
                el('li', {}, t('admin.platforms.own.auth', { url: String(platform.authUrl ?? '') })),
                el('li', {}, t('admin.platforms.own.token', { url: String(platform.tokenUrl ?? '') })),
                el('li', {}, t('admin.platforms.own.jwks', { url: String(platform.jwksUrl ?? '') })))),
            el('td', {}, remove));
    });
    replaceChildren($('platform-list'), el('table', { class: 'my-lessons', id: 'platform-table' },
        el('caption', {}, t('admin.platforms.caption', { count: platforms.length })),
        el('thead', {}, head), el('tbody', {}, rows)));
}

/// Petri's URLs for an LMS: the address this page reached the server at, then each path the server gave.
function renderToolURLs() {
    if (!toolPaths) {
        replaceChildren($('tool-urls'));
        return;
    }
    const entries = [['login', 'admin.platforms.tool.login'], ['launch', 'admin.platforms.tool.launch'],
        ['jwks', 'admin.platforms.tool.jwks'], ['deepLinking', 'admin.platforms.tool.deepLinking']];
    replaceChildren($('tool-urls'), entries.flatMap(([part, words]) => {
        const name = t(words);
        const url = `${location.origin}${String(toolPaths[part] ?? '')}`;
        const text = el('code', { class: 'tool-url', 'data-url': part }, url);
        const copy = el('button', { type: 'button', class: 'small copy', 'aria-label': t('admin.platforms.copyNamed', { name }) },
            t('admin.platforms.copy'));
        copy.addEventListener('click', () => copyURL(url, text, name));
        return [el('dt', {}, name), el('dd', {}, text, ' ', copy)];
    }));
}

/// Copies a URL to the clipboard; where the browser refuses (a page not served over https), selects it instead, so
/// that the keyboard's copy takes it.
async function copyURL(url, node, name) {
    try {
        await navigator.clipboard.writeText(url);
        say(t('admin.platforms.copied', { name }));
        return;
    } catch {
        // no clipboard here: select it
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    say(t('admin.platforms.selected', { name }));
}

function platformForm() {
    const value = (field) => $(PLATFORM_FIELDS[field]).value;
    return {
        issuer: value('issuer'), clientId: value('clientId'), authUrl: value('authUrl'), tokenUrl: value('tokenUrl'),
        jwksUrl: value('jwksUrl'), deploymentIds: value('deploymentIds').split('\n'),
    };
}

/// Each field's sentence beside it (none: the field is fine).
function showPlatformProblems(problems) {
    for (const [field, id] of Object.entries(PLATFORM_FIELDS)) {
        const problem = problems.find((entry) => entry.field === field);
        setText($(`${id}-problem`), problem ? String(problem.sentence ?? '') : '');
        if (problem) $(id).setAttribute('aria-invalid', 'true');
        else $(id).removeAttribute('aria-invalid');
    }
}

/// Registers a platform; its mistakes stay beside their fields with everything typed kept, the first one focused.
async function addPlatform(event) {
    event.preventDefault();
    const answer = await request('addPlatform', platformForm(), ['platforms', 'platformProblems']);
    if (answer.type === 'error') {
        setText($('platforms-problem'), answer.message);
        return;
    }
    if (answer.type === 'platformProblems') {
        const problems = answer.problems ?? [];
        showPlatformProblems(problems);
        setText($('platforms-problem'), t('admin.platforms.fix', { count: problems.length }));
        const first = Object.keys(PLATFORM_FIELDS).find((field) => problems.some((entry) => entry.field === field));
        if (first) $(PLATFORM_FIELDS[first]).focus();
        return;
    }
    const issuer = $(PLATFORM_FIELDS.issuer).value.trim();
    showPlatformProblems([]);
    setText($('platforms-problem'), '');
    for (const id of Object.values(PLATFORM_FIELDS)) $(id).value = '';
    takePlatforms(answer);
    say(t('admin.platforms.added', { issuer }));
    $('tool-urls-heading').focus();
}

async function removePlatform(issuer, clientId) {
    const answer = await request('removePlatform', { issuer, clientId }, ['platforms']);
    if (answer.type === 'error') {
        setText($('platforms-problem'), answer.message);
        $('platforms-heading').focus();
        return;
    }
    setText($('platforms-problem'), '');
    takePlatforms(answer);
    say(t('admin.platforms.removed', { issuer, clientId }));
    $('platforms-heading').focus();
}

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

// MARK: - Wiring

$('admin-signin').addEventListener('submit', (event) => {
    event.preventDefault();
    const candidate = $('admin-key').value;
    $('admin-key').value = '';
    if (!candidate) {
        setText($('admin-signin').querySelector('.problem'), t('teach.signin.noKey'));
        return;
    }
    signIn(candidate);
});
$('add-teacher').addEventListener('submit', addTeacher);
$('add-platform').addEventListener('submit', addPlatform);
$('link-done').addEventListener('click', () => {
    hideLink();
    $('new-teacher-name').focus();
});
$('session-teacher').addEventListener('change', renderSessions);
$('admin-refresh').addEventListener('click', () => Promise.all([refresh(), refreshPlatforms()]));
$('admin-sign-out').addEventListener('click', () => {
    key = null;
    store(null);
    hideLink();
    $('admin').hidden = true;
    $('admin-signin').hidden = false;
    $('admin-key').focus();
});

languageSwitch($('language-switch'));
fillWords();
onLanguageChange(() => {
    fillWords();
    renderTeachers();
    renderSessions();
    renderLessons();
    renderPlatforms();
});

const remembered = stored();
if (remembered) signIn(remembered);
else $('admin-key').focus();
