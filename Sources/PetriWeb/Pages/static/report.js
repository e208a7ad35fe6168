// The lesson report page (/report/CODE): attaches as the lesson's teacher, asks for `report` and lays out its
// `data` as tables (every piece of text through text nodes), with the CSV and the HTML page to download and a
// layout that prints.
//
// The teacher token comes from this tab's sessionStorage, where the teacher's console keeps it per lesson (a
// report opened from the console, in the same tab or a new one it opened, finds it); a console signed in as a
// teacher hands over its sign-in instead (`open`, PROTOCOL.md section 11); otherwise the page asks for the token.
// Never in the URL.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { Connection, normaliseCode } from './connection.js';
import { t, language, fillWords, onLanguageChange, formatPercent, formatPlain, formatDate } from './words.js';
import { languageSwitch } from './view-language.js';

const match = location.pathname.match(/^\/report\/([^/]+)\/?$/);
const code = match ? normaliseCode(decodeURIComponent(match[1])) : '';
/// The teacher console's key for a lesson's token (teach.js).
const storageKey = `petri.teach.token.${code}`;
/// The console's sign-in (a teacher's session, or the teacher key), which a tab opened from the console inherits.
const CONSOLE_SIGN_IN = 'petri.teach.key';

const $ = (id) => document.getElementById(id);
const unlockForm = $('unlock');

let connection = null;
let ended = null;
let report = null;

function stored(name) {
    try {
        return sessionStorage.getItem(name);
    } catch {
        return null;
    }
}

/// How this tab may read the report: the lesson's token, else the console's sign-in.
function readCredential() {
    const token = stored(storageKey);
    if (token) return { token };
    const session = stored(CONSOLE_SIGN_IN);
    return session ? { session } : null;
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
    idle: 'status.idle', connecting: 'status.connecting', live: 'status.live', reconnecting: 'report.state.reconnecting',
    closed: 'status.idle', done: 'report.state.done',
};
let shownState = { state: 'idle', detail: '' };

function showConnection({ state, detail }) {
    shownState = { state, detail };
    const node = $('connection');
    node.dataset.state = state;
    setText(node, STATES[state] ? t(STATES[state]) : state);
    if (state === 'reconnecting' && detail) setText($('problem'), t('report.dropped', { detail }));
}

function askToken(words) {
    unlockForm.hidden = false;
    setText(unlockForm.querySelector('.problem'), words);
    $('teacher-token').focus();
}

function start({ token, session }) {
    connection?.stop();
    setText($('problem'), '');
    setText($('report-state'), t('report.fetching'));
    const how = token ? { type: 'teach', token } : { type: 'open', session };
    connection = new Connection({
        hello: () => ({ ...how, code, language: language() }),
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
            if (!report && ['unknown-token', 'unknown-lesson', 'lesson-expired', 'invalid-field', 'not-authorised']
                .includes(message.code)) {
                connection.stop();
                storeToken(null);
                $('report').hidden = true;
                askToken(message.message ?? t('report.refusedToken'));
            } else {
                setText($('problem'), message.message ?? t('report.refused'));
            }
            break;
        case 'connectionClosed':
            if (!report) setText($('problem'), message.message ?? t('report.closed'));
            break;
        default: break;
    }
}

// MARK: - Laying out the report

function percent(value) {
    return formatPercent(Math.round(value * 100));
}

function brierText(value) {
    return typeof value === 'number' ? formatPlain(Math.round(value * 1000) / 1000) : '–';
}

function questionLabel(id) {
    return t('report.questionLabel', { number: id });
}

const KINDS = { number: 'report.kind.number', choice: 'report.kind.choice', probability: 'report.kind.probability' };
const QUESTION_STATES = {
    open: 'question.state.open', locked: 'projector.state.locked', cancelled: 'projector.state.cancelled',
};

/// A student's ranges that held the outcome: "3 of 4 (75%; asked 80%)".
function rangesHeld(r) {
    return t('report.range.held', {
        held: r.held, total: r.count, percent: percent(r.held / Math.max(1, r.count)), sure: Math.round(r.confidence),
    });
}

function spreadText(question) {
    const spread = question.spread ?? {};
    if (typeof spread.held === 'number') return t('report.range.spread', { held: spread.held, count: spread.answers ?? 0 });
    if (Array.isArray(spread.counts)) {
        return spread.counts.map((count, i) => t('results.bar', {
            label: question.options?.[i] ?? t('answer.choice.option', { number: i + 1 }), value: count,
        })).join(t('report.separator'));
    }
    const parts = (spread.bins ?? []).filter((bin) => bin.count > 0)
        .map((bin) => t('report.bin', { lower: formatNumber(bin.lower), upper: formatNumber(bin.upper), count: bin.count }));
    if (typeof spread.mean === 'number') parts.push(t('report.mean', { mean: formatNumber(spread.mean) }));
    return parts.join(t('report.separator'));
}

function table(id, headings, rows) {
    return el('table', id ? { id } : {},
        el('thead', {}, el('tr', {}, headings.map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, rows));
}

function cell(text, numeric = false) {
    return el('td', numeric ? { class: 'n' } : {}, formatPlain(text));
}

function questionsTable(data) {
    return table('report-questions', [t('report.col.question'), t('report.col.kind'), t('report.col.actual'),
        t('report.col.answers'), t('report.col.spread')],
        data.questions.map((q) => el('tr', {},
            el('td', {}, q.label, q.prompt ? el('br') : null, q.prompt ?? null),
            cell(KINDS[q.kind] ? t(KINDS[q.kind]) : q.kind),
            cell(q.state === 'resolved' ? q.outcome : QUESTION_STATES[q.state] ? t(QUESTION_STATES[q.state]) : q.state),
            cell(q.spread?.answers ?? 0, true),
            cell(spreadText(q)))));
}

function pointsTable(data) {
    const rows = data.students.map((s) => {
        const points = new Map(s.points.map((p) => [p.question, p]));
        const shown = (p) => (typeof p.expected === 'number'
            ? t('report.range.points', { points: p.points, base: p.base, expected: p.expected }) : p.points);
        return el('tr', { 'data-student': s.student },
            el('th', { scope: 'row' }, s.name, makeupMark(s)),
            data.questions.map((q) => cell(points.has(q.id) ? shown(points.get(q.id)) : '–', true)),
            cell(s.score, true),
            cell(s.hints.length, true),
            cell(brierText(s.calibration.brier), true),
            cell(s.calibration.count > 0 ? s.calibration.baseline : '–', true),
            cell(s.calibration.ranges ? rangesHeld(s.calibration.ranges) : '–', true),
            cell(typeof s.rank === 'number' ? s.rank : '–', true));
    });
    // A make-up student's rank is among the make-up students, or among the class too (the lesson's makeupRanking).
    return table('report-points', [t('report.col.student'), ...data.questions.map((q) => questionLabel(q.id)),
        t('report.col.total'), t('report.col.hints'), t('report.col.brier'), t('report.col.always50'),
        t('report.col.ranges'), t('report.col.rank')], rows);
}

function calibrationTable(calibration, id) {
    if (!calibration || calibration.count === 0) return el('p', { class: 'note' }, t('report.noProbability'));
    return table(id, [t('report.col.predicted'), t('report.col.predictions'), t('report.col.happened'),
        t('report.col.observed')],
        calibration.bins.filter((bin) => bin.count > 0).map((bin) => el('tr', {},
            cell(t('report.band', { lower: formatPlain(Math.round(bin.lower * 100)), upper: percent(bin.upper) })),
            cell(bin.count, true),
            cell(bin.happened, true),
            cell(percent(bin.happened / bin.count), true))));
}

/// A make-up student's mark after their name, " (make-up, 28 Nov 2026)", when the report's data says when they
/// joined the make-up (`makeup`, ms; PROTOCOL.md 5.9); nothing for the class's own students.
function makeupMark(s) {
    return typeof s.makeup === 'number'
        ? [' ', el('span', { class: 'makeup-mark' }, t('report.makeup.mark', { date: formatDate(s.makeup, { dateStyle: 'medium' }) }))]
        : null;
}

function studentSection(s) {
    const hints = s.hints.length ? t('report.hints', { questions: s.hints.map(questionLabel).join(t('lesson.readings.separator')) }) : '';
    const brier = s.calibration.count > 0
        ? t('report.brierScore', { brier: brierText(s.calibration.brier), baseline: s.calibration.baseline }) : '';
    return el('section', { class: 'student', 'data-student': s.student },
        el('h3', {}, s.name, makeupMark(s)),
        el('p', {}, t('report.score', { score: s.score, hints, brier })),
        s.reasons.length ? el('ul', { class: 'reasons' },
            s.reasons.map((r) => el('li', {}, t('report.reason', { question: questionLabel(r.question) }), r.reason))) : null,
        s.calibration.count > 0 ? el('h4', {}, t('report.calibration')) : null,
        s.calibration.count > 0 ? calibrationTable(s.calibration) : null);
}

// MARK: - The hunt's record (PROTOCOL.md 5.6: data.hunts, only in a lesson whose class hunted)

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    node.append(...children);
    return node;
}

/// One decimal, in the language's digits; a dash when absent.
function tenths(value) {
    return typeof value === 'number' ? formatNumber(Math.round(value * 10) / 10) : '–';
}

/// A change of the mean colour, signed: "+2.5", "−0.9".
function signed(value) {
    return typeof value === 'number' && Math.round(value * 10) > 0 ? `+${tenths(value)}` : tenths(value);
}

/// The round's bands that hold a creature: where they start and end, and how many were caught and left alive.
function huntBands(round) {
    const width = Number(round.binWidth) || 1;
    const low = Number(round.traitMin) || 0;
    const bands = [];
    const count = Math.max(round.caughtBins?.length ?? 0, round.aliveBins?.length ?? 0);
    for (let k = 0; k < count; k++) {
        const caught = round.caughtBins?.[k] ?? 0;
        const alive = round.aliveBins?.[k] ?? 0;
        if (caught || alive) bands.push({ low: low + k * width, high: low + (k + 1) * width - 1, caught, alive });
    }
    return bands;
}

/// The round in words: what the class caught against what it left, under `selection: both` what the formula also
/// took, and what the formula would have done.
function huntSentences(round) {
    const sum = (list) => (list ?? []).reduce((a, b) => a + b, 0);
    const caught = sum(round.caughtBins);
    const words = [t('report.hunts.round', {
        round: round.round, generation: round.generation, caught, total: caught + sum(round.aliveBins),
        caughtMean: tenths(round.caughtMean), aliveMean: tenths(round.aliveMean), background: tenths(round.background),
        caughtDistance: tenths(round.caughtConspicuousness), aliveDistance: tenths(round.aliveConspicuousness),
        differential: signed(round.differential),
    })];
    if (round.formulaAlso) {
        words.push(t('report.hunts.formulaAlso', {
            deaths: round.formulaAlso.deaths, deadDistance: tenths(round.formulaAlso.deadConspicuousness),
            differential: signed(round.formulaAlso.differential),
        }));
    }
    if (round.formula) {
        words.push(t('report.hunts.formula', {
            deaths: round.formula.deaths, deadDistance: tenths(round.formula.deadConspicuousness),
            differential: signed(round.formula.differential),
        }));
    }
    return words.join(' ');
}

/// A round's chart: each colour band's share of the caught beside its share of the alive, as bars; the figure's
/// caption says what it shows, and the list after it gives every bar's numbers (the chart's text alternative).
function huntChart(round) {
    const bands = huntBands(round);
    const caughtTotal = Math.max(1, bands.reduce((a, b) => a + b.caught, 0));
    const aliveTotal = Math.max(1, bands.reduce((a, b) => a + b.alive, 0));
    const step = 36;
    const height = 100;
    const bars = bands.flatMap((band, i) => [
        svg('rect', { class: 'alive', x: i * step + 4, width: 14, y: height - (band.alive / aliveTotal) * height,
            height: (band.alive / aliveTotal) * height }),
        svg('rect', { class: 'caught', x: i * step + 18, width: 14, y: height - (band.caught / caughtTotal) * height,
            height: (band.caught / caughtTotal) * height }),
        svg('text', { x: i * step + 18, y: height + 14, 'text-anchor': 'middle' }, formatPlain(band.low)),
    ]);
    const captionID = `hunt-chart-${round.round}`;
    return el('figure', { class: 'hunt-chart' },
        svg('svg', { viewBox: `0 0 ${Math.max(1, bands.length) * step} ${height + 18}`, role: 'img',
            'aria-labelledby': captionID, width: Math.max(1, bands.length) * step, height: height + 18 }, ...bars),
        el('figcaption', { id: captionID }, t('report.hunts.chart', { round: round.round }),
            ' ', el('span', { class: 'key alive' }, t('report.hunts.alive')),
            ' ', el('span', { class: 'key caught' }, t('report.hunts.caught'))),
        el('ul', { class: 'hunt-bands' }, bands.map((band) => el('li', {}, t('report.hunts.band', {
            low: formatPlain(band.low), high: formatPlain(band.high), caught: band.caught, alive: band.alive,
        })))));
}

function huntTable(hunts) {
    return table('report-hunts', [t('report.hunts.col.round'), t('report.hunts.col.generation'),
        t('report.hunts.col.caught'), t('report.hunts.col.caughtMean'), t('report.hunts.col.aliveMean'),
        t('report.hunts.col.background'), t('report.hunts.col.caughtDistance'), t('report.hunts.col.aliveDistance'),
        t('report.hunts.col.differential'), t('report.hunts.col.formulaDeaths'),
        t('report.hunts.col.formulaDistance'), t('report.hunts.col.formulaDifferential')],
    hunts.map((round) => el('tr', { 'data-round': round.round },
        el('th', { scope: 'row' }, formatPlain(round.round)),
        cell(round.generation, true),
        cell((round.caughtBins ?? []).reduce((a, b) => a + b, 0), true),
        cell(tenths(round.caughtMean), true),
        cell(tenths(round.aliveMean), true),
        cell(tenths(round.background), true),
        cell(tenths(round.caughtConspicuousness), true),
        cell(tenths(round.aliveConspicuousness), true),
        cell(signed(round.differential), true),
        cell(round.formula ? round.formula.deaths : '–', true),
        cell(tenths(round.formula?.deadConspicuousness), true),
        cell(signed(round.formula?.differential), true))));
}

function huntStudentsTable(data) {
    return table('report-hunt-students', [t('report.col.student'), t('report.hunts.col.catches'),
        t('report.hunts.col.studentDistance')],
    data.students.filter((s) => typeof s.catches === 'number').map((s) => el('tr', { 'data-student': s.student },
        el('th', { scope: 'row' }, s.name),
        cell(s.catches, true),
        cell(tenths(s.conspicuousness), true))));
}

function huntSection(data) {
    const hunts = data.hunts;
    if (!Array.isArray(hunts) || hunts.length === 0) return null;
    return el('section', { id: 'report-hunt', 'aria-labelledby': 'report-hunt-heading' },
        el('h2', { id: 'report-hunt-heading' }, t('report.hunts')),
        el('p', { class: 'note' }, t('report.hunts.explain')),
        huntTable(hunts),
        hunts.map((round) => el('div', { class: 'hunt-round', 'data-round': round.round },
            el('h3', {}, t('report.hunts.roundHeading', { round: round.round, generation: round.generation })),
            el('p', { class: 'hunt-words' }, huntSentences(round)),
            huntChart(round))),
        el('h3', {}, t('report.hunts.students')),
        huntStudentsTable(data));
}

function render() {
    const data = report?.data;
    $('report').hidden = false;
    unlockForm.hidden = true;
    document.title = t('report.title.lesson', { code });
    setText($('report-state'), ended ? t('report.ended', { code }) : t('report.notEnded', { code }));
    if (!data) {
        replaceChildren($('report-body'), el('p', { class: 'problem' }, t('report.noData')));
        return;
    }
    const students = data.students.length;
    replaceChildren($('report-body'),
        el('p', {}, t('report.summary', {
            generation: data.generation,
            questions: t('report.summary.questions', { count: data.questions.length }),
            students: t('report.summary.students', { count: students }),
        })),
        el('h2', {}, t('report.questions')),
        data.questions.length ? questionsTable(data) : el('p', { class: 'note' }, t('report.noQuestions')),
        el('h2', {}, t('report.points')),
        students ? pointsTable(data) : el('p', { class: 'note' }, t('report.noStudents')),
        el('p', { class: 'note' }, t('report.brierNote')),
        huntSection(data),
        el('h2', {}, t('report.classCalibration')),
        calibrationTable(data.calibration, 'report-class-calibration'),
        el('h2', {}, t('report.students')),
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
    const credential = readCredential();
    if (credential) start(credential);
    else askToken(t('report.tokenGone'));
});
unlockForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = $('teacher-token').value.trim();
    if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) {
        setText(unlockForm.querySelector('.problem'), t('projector.unlock.badToken'));
        return;
    }
    $('teacher-token').value = '';
    storeToken(token);
    unlockForm.hidden = true;
    setText(unlockForm.querySelector('.problem'), '');
    start({ token });
});

languageSwitch($('language-switch'));
fillWords();
onLanguageChange(() => {
    fillWords();
    showConnection(shownState);
    if (report) render();
});

if (!code) {
    setText($('problem'), t('report.noCode'));
} else if (readCredential()) {
    start(readCredential());
} else {
    askToken('');
}
