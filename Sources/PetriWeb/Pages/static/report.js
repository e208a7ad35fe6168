// The lesson report page (/report/CODE): attaches as the lesson's teacher, asks for `report` and lays out its
// `data` as tables (every piece of text through text nodes), with the CSV and the HTML page to download and a
// layout that prints.
//
// The teacher token comes from this tab's sessionStorage, where the teacher's console keeps it per lesson (a
// report opened from the console, in the same tab or a new one it opened, finds it); otherwise the page asks
// for it. Never in the URL.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { Connection, normaliseCode } from './connection.js';

const match = location.pathname.match(/^\/report\/([^/]+)\/?$/);
const code = match ? normaliseCode(decodeURIComponent(match[1])) : '';
/// The teacher console's key for a lesson's token (teach.js).
const storageKey = `petri.teach.token.${code}`;

const $ = (id) => document.getElementById(id);
const unlockForm = $('unlock');

let connection = null;
let ended = null;
let report = null;

function readToken() {
    try {
        return sessionStorage.getItem(storageKey);
    } catch {
        return null;
    }
}

function storeToken(token) {
    try {
        if (token === null) sessionStorage.removeItem(storageKey);
        else sessionStorage.setItem(storageKey, token);
    } catch {
        // storage off: the token lives only in this page
    }
}

const STATES = {
    idle: 'Not connected', connecting: 'Connecting…', live: 'Connected', reconnecting: 'Reconnecting…',
    closed: 'Not connected', done: 'Report received',
};

function showConnection({ state, detail }) {
    const node = $('connection');
    node.dataset.state = state;
    setText(node, STATES[state] ?? state);
    if (state === 'reconnecting' && detail) setText($('problem'), `The connection dropped. ${detail}`);
}

function askToken(words) {
    unlockForm.hidden = false;
    setText(unlockForm.querySelector('.problem'), words);
    $('teacher-token').focus();
}

function start(token) {
    connection?.stop();
    setText($('problem'), '');
    setText($('report-state'), 'Fetching the report…');
    connection = new Connection({
        hello: () => ({ type: 'teach', code, token }),
        onMessage: receive,
        onState: showConnection,
    });
    connection.start();
}

function receive(message) {
    switch (message.type) {
        case 'welcome':
            ended = message.ended === true;
            connection.send({ type: 'report' });
            break;
        case 'report':
            report = message;
            // The report is a snapshot: no need to follow the lesson. "Fetch the report again" reconnects.
            connection.stop();
            showConnection({ state: 'done', detail: '' });
            render();
            break;
        case 'error':
            if (message.code === 'lesson-recovered') break; // a note to the console, not a refusal
            if (!report && ['unknown-token', 'unknown-lesson', 'lesson-expired', 'invalid-field']
                .includes(message.code)) {
                connection.stop();
                storeToken(null);
                $('report').hidden = true;
                askToken(message.message ?? 'The server refused the teacher token.');
            } else {
                setText($('problem'), message.message ?? 'The server refused the request.');
            }
            break;
        case 'connectionClosed':
            if (!report) setText($('problem'), message.message ?? 'The connection closed.');
            break;
        default: break;
    }
}

// MARK: - Laying out the report

function percent(value) {
    return `${Math.round(value * 100)}%`;
}

function brierText(value) {
    return typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : '–';
}

function questionLabel(id) {
    return `Q${id}`;
}

// The sentences of ranges held and expected points, in one place for the words catalog.
const RANGE_WORDS = {
    spread: (held, answers) => `${held} of ${answers} ranges held it`,
    held: (r) => `${r.held} of ${r.count} (${percent(r.held / Math.max(1, r.count))}; asked ${Math.round(r.confidence)}%)`,
    heading: 'Ranges held',
    points: (base, expected) => `${base} scored, ${expected} expected`,
};

function spreadText(question) {
    const spread = question.spread ?? {};
    if (typeof spread.held === 'number') return RANGE_WORDS.spread(spread.held, spread.answers ?? 0);
    if (Array.isArray(spread.counts)) {
        return spread.counts.map((count, i) => `${question.options?.[i] ?? `option ${i + 1}`}: ${count}`).join('; ');
    }
    const parts = (spread.bins ?? []).filter((bin) => bin.count > 0)
        .map((bin) => `${formatNumber(bin.lower)}–${formatNumber(bin.upper)}: ${bin.count}`);
    if (typeof spread.mean === 'number') parts.push(`mean ${formatNumber(spread.mean)}`);
    return parts.join('; ');
}

function table(id, headings, rows) {
    return el('table', id ? { id } : {},
        el('thead', {}, el('tr', {}, headings.map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, rows));
}

function cell(text, numeric = false) {
    return el('td', numeric ? { class: 'n' } : {}, String(text));
}

function questionsTable(data) {
    return table('report-questions', ['Question', 'Kind', 'Actual', 'Answers', 'Class spread'],
        data.questions.map((q) => el('tr', {},
            el('td', {}, q.label, q.prompt ? el('br') : null, q.prompt ?? null),
            cell(q.kind),
            cell(q.state === 'resolved' ? q.outcome : q.state),
            cell(q.spread?.answers ?? 0, true),
            cell(spreadText(q)))));
}

function pointsTable(data) {
    const rows = data.students.map((s) => {
        const points = new Map(s.points.map((p) => [p.question, p]));
        const shown = (p) => (typeof p.expected === 'number' ? `${p.points} (${RANGE_WORDS.points(p.base, p.expected)})`
            : p.points);
        return el('tr', { 'data-student': s.student },
            el('th', { scope: 'row' }, s.name),
            data.questions.map((q) => cell(points.has(q.id) ? shown(points.get(q.id)) : '–', true)),
            cell(s.score, true),
            cell(s.hints.length, true),
            cell(brierText(s.calibration.brier), true),
            cell(s.calibration.count > 0 ? String(s.calibration.baseline) : '–', true),
            cell(s.calibration.ranges ? RANGE_WORDS.held(s.calibration.ranges) : '–', true));
    });
    return table('report-points', ['Student', ...data.questions.map((q) => questionLabel(q.id)), 'Total', 'Hints',
        'Brier', 'Always 50%', RANGE_WORDS.heading], rows);
}

function calibrationTable(calibration, id) {
    if (!calibration || calibration.count === 0) return el('p', { class: 'note' }, 'No probability predictions were scored.');
    return table(id, ['Predicted', 'Predictions', 'Happened', 'Observed'],
        calibration.bins.filter((bin) => bin.count > 0).map((bin) => el('tr', {},
            cell(`${Math.round(bin.lower * 100)}–${Math.round(bin.upper * 100)}%`),
            cell(bin.count, true),
            cell(bin.happened, true),
            cell(percent(bin.happened / bin.count), true))));
}

function studentSection(s) {
    const hints = s.hints.length ? `; hints taken on ${s.hints.map(questionLabel).join(', ')}` : '';
    const brier = s.calibration.count > 0
        ? ` Brier score ${brierText(s.calibration.brier)} (always 50% scores ${s.calibration.baseline}).` : '';
    return el('section', { class: 'student', 'data-student': s.student },
        el('h3', {}, s.name),
        el('p', {}, `Score ${s.score}${hints}.${brier}`),
        s.reasons.length ? el('ul', { class: 'reasons' },
            s.reasons.map((r) => el('li', {}, `${questionLabel(r.question)}: `, r.reason))) : null,
        s.calibration.count > 0 ? el('h4', {}, 'Calibration') : null,
        s.calibration.count > 0 ? calibrationTable(s.calibration) : null);
}

function render() {
    const data = report?.data;
    $('report').hidden = false;
    unlockForm.hidden = true;
    document.title = `Petri lesson report: ${code}`;
    setText($('report-state'), ended
        ? `Lesson ${code} has ended. This is its final report.`
        : `Lesson ${code} has not ended yet: this report shows the lesson so far and changes as it goes on. `
            + 'Fetch it again after ending the lesson for the final report.');
    if (!data) {
        replaceChildren($('report-body'), el('p', { class: 'problem' },
            'This server sent the report without its data: download the CSV or the HTML page instead.'));
        return;
    }
    const students = data.students.length;
    replaceChildren($('report-body'),
        el('p', {}, `The lesson reached generation ${data.generation}. ${data.questions.length} `
            + `question${data.questions.length === 1 ? '' : 's'}, ${students} student${students === 1 ? '' : 's'}.`),
        el('h2', {}, 'Questions'),
        data.questions.length ? questionsTable(data) : el('p', { class: 'note' }, 'No questions were asked.'),
        el('h2', {}, 'Points'),
        students ? pointsTable(data) : el('p', { class: 'note' }, 'No students joined.'),
        el('p', { class: 'note' }, 'Brier score: the mean of (p − o)² over probability predictions, o = 1 if the '
            + 'event happened; lower is better, and always saying 50% scores 0.25. Calibration tables show how many '
            + 'predictions fell in each band and how many of those events happened.'),
        el('h2', {}, 'Calibration of the whole class'),
        calibrationTable(data.calibration, 'report-class-calibration'),
        el('h2', {}, 'Students'),
        data.students.map(studentSection));
}

function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = el('a', { href: url, download: name, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// MARK: - Wiring

$('download-csv').addEventListener('click', () => {
    if (report) download(`petri-${code}-report.csv`, report.csv ?? '', 'text/csv');
});
$('download-html').addEventListener('click', () => {
    if (report) download(`petri-${code}-report.html`, report.html ?? '', 'text/html');
});
$('print').addEventListener('click', () => print());
$('refresh').addEventListener('click', () => {
    const token = readToken();
    if (token) start(token);
    else askToken('This tab no longer holds the teacher token: type it again.');
});
unlockForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = $('teacher-token').value.trim();
    if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) {
        setText(unlockForm.querySelector('.problem'),
            'The teacher token is 22 or more letters, digits, - and _, as printed when the lesson was created.');
        return;
    }
    $('teacher-token').value = '';
    storeToken(token);
    unlockForm.hidden = true;
    setText(unlockForm.querySelector('.problem'), '');
    start(token);
});

if (!code) {
    setText($('problem'), 'This address has no join code: open /report/CODE from the teacher\'s console.');
} else if (readToken()) {
    start(readToken());
} else {
    askToken('');
}
