// The projector view: the join code in very large type, the join URL and its QR code, how many have
// joined, the live picture and charts, the open question with its countdown and how many have answered
// (never who), the class's spread only once the teacher shows it, then the actual value on the same
// axis and the leaderboard (names left out when the lesson is anonymised).
//
// It connects as an observer with the lesson's teacher token, typed once and kept in sessionStorage for
// this tab (never in the URL).

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { Connection, normaliseCode } from './connection.js';
import { createState, apply, currentQuestion, serverNow, describeActual } from './lesson-state.js';
import { PictureView } from './view-picture.js';
import { ChartsView } from './view-charts.js';
import { StatusView } from './view-status.js';
import { drawSpread, leaderboardTable } from './view-results.js';
import { encodeQR, drawQR } from './qr.js';

const match = location.pathname.match(/^\/projector\/([^/]+)\/?$/);
const code = match ? normaliseCode(decodeURIComponent(match[1])) : '';
const storageKey = `petri.projector.${code}`;
const state = createState();
const page = { state, errors: [], generations: () => ({ drawn: picture.drawnGeneration, received: state.snapshot?.generation ?? null }) };
window.petriPage = page;
page.spoken = () => status.spoken;

const $ = (id) => document.getElementById(id);
const unlockForm = $('unlock');
const wall = $('wall');
const status = new StatusView($('connection'), $('live'));
const picture = new PictureView($('picture'));
const charts = new ChartsView($('charts'));
let connection = null;

/// The projector attaches with the teacher token (the protocol lets the teacher attach from any number of
/// connections) and never sends a command: it only shows. What it shows leaves out what the teacher's own
/// screen has and the wall must not: who answered, and names when they are hidden.
export function projectorHello(token, lastSeen) {
    return { type: 'teach', code, token, ...(lastSeen ? { lastSeen } : {}) };
}

/// Questions whose class answers were revealed from this page (the teacher pressed the button on the wall).
const revealedHere = new Set();

function readToken() {
    try {
        return sessionStorage.getItem(storageKey);
    } catch {
        return null;
    }
}

function start(token) {
    connection?.stop();
    connection = new Connection({
        hello: (lastSeen) => projectorHello(token, lastSeen),
        onMessage: receive,
        onState: (connectionState) => {
            state.connection = connectionState;
            status.render(state);
        },
    });
    connection.start();
}

function receive(message) {
    if (message.type === 'error' && state.role === null) {
        try {
            sessionStorage.removeItem(storageKey);
        } catch {
            // storage off: nothing kept
        }
        setText(unlockForm.querySelector('.problem'), message.message);
        unlockForm.hidden = false;
        wall.hidden = true;
    }
    const words = apply(state, message);
    if (message.type === 'welcome' && message.options?.anonymousLeaderboard === true) $('hide-names').checked = true;
    for (const line of words ?? []) status.say(line);
    render();
}

let drawnQR = null;

function renderJoin() {
    const url = `${location.protocol}//${location.host}/join/${code}`;
    setText($('join-url'), url);
    setText($('join-code'), code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code);
    $('join-code').setAttribute('aria-label', `Join code ${code.split('').join(' ')}`);
    if (drawnQR !== url) {
        drawnQR = url;
        try {
            drawQR($('qr'), encodeQR(url, { level: 'M' }), 360);
        } catch (error) {
            $('qr').hidden = true;
        }
    }
    const students = state.leaderboard?.students;
    const online = [...state.roster.values()].filter((s) => s.online && !s.kicked).length;
    const joined = state.roster.size ? [...state.roster.values()].filter((s) => !s.kicked).length : students ?? 0;
    setText($('joined'), `${joined} ${joined === 1 ? 'student has' : 'students have'} joined${state.roster.size ? ` (${online} online)` : ''}`);
}

function anonymised() {
    return $('hide-names').checked;
}

function renderQuestion() {
    const question = currentQuestion(state);
    const spreadCanvas = $('spread');
    if (!question) {
        setText($('question-title'), 'No question yet');
        for (const id of ['question-prompt', 'question-detail', 'question-countdown', 'answered', 'actual']) setText($(id), '');
        $('spread-hidden').hidden = true;
        spreadCanvas.hidden = true;
        replaceChildren($('board'));
        return;
    }
    const words = { open: 'open', locked: 'locked', resolved: 'resolved', cancelled: 'withdrawn' };
    setText($('question-title'), `Question ${question.id} (${words[question.state] ?? question.state})`);
    setText($('question-prompt'), question.prompt || `What will ${question.metricDescription || question.metric} be?`);
    setText($('question-detail'), `${String(question.metricDescription ?? question.metric).replace(/\.$/, '')}${question.unit ? ` (${question.unit})` : ''} at generation ${question.target}`);
    const count = state.answerCounts.get(question.id);
    setText($('answered'), count ? `${count.answered} of ${count.students} have answered` : '');
    const resolved = state.resolutions.get(question.id);
    const shown = state.shown.has(question.id) || revealedHere.has(question.id);
    const spread = state.shownSpreads.get(question.id) ?? resolved?.spread;
    const after = question.state !== 'open' && question.state !== 'cancelled';
    $('spread-hidden').hidden = !after || shown;
    // A page opened after the resolution has the actual value (from the welcome) but not the spread.
    $('show-answers').hidden = !after || shown || !(spread || question.state === 'resolved');
    spreadCanvas.hidden = !(after && shown && spread);
    if (after && shown && spread) drawSpread(spreadCanvas, question, spread, resolved);
    const known = resolved ?? (question.state === 'resolved' && question.kind === 'number'
        ? { question: question.id, actual: question.actual } : null);
    setText($('actual'), known && shown ? `Actual: ${describeActual(state, known)}`
        : question.state === 'resolved' ? 'The answer is in: the teacher will show it.' : '');
    const board = state.leaderboard;
    const size = state.options?.leaderboardSize ?? 10;
    replaceChildren($('board'), question.state === 'resolved' && shown && board
        ? leaderboardTable({ students: board.students, top: (board.top ?? []).slice(0, size) }, { anonymous: anonymised() }) : null);
    tick();
}

function tick() {
    const question = currentQuestion(state);
    if (!question || question.state !== 'open' || typeof question.closesAt !== 'number') {
        setText($('question-countdown'), question?.state === 'open' ? 'Answer now: the question locks when the simulation moves on.' : '');
        return;
    }
    const left = Math.max(0, Math.ceil((question.closesAt - serverNow(state)) / 1000));
    setText($('question-countdown'), `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`);
}

function render() {
    const live = state.role !== null;
    unlockForm.hidden = live;
    wall.hidden = !live;
    if (!live) return;
    document.title = `Petri projector: ${code}`;
    renderJoin();
    status.render(state);
    picture.render(state);
    charts.render(state);
    renderQuestion();
}

setInterval(tick, 250);
$('show-answers').addEventListener('click', () => {
    const question = currentQuestion(state);
    if (!question) return;
    revealedHere.add(question.id);
    status.say('The class\'s answers are shown.');
    renderQuestion();
});
$('hide-names').addEventListener('change', () => renderQuestion());
addEventListener('error', (event) => page.errors.push(String(event.message)));
unlockForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = $('teacher-token').value.trim();
    if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) {
        setText(unlockForm.querySelector('.problem'), 'The teacher token is 22 or more letters, digits, - and _, as printed when the lesson was created.');
        return;
    }
    try {
        sessionStorage.setItem(storageKey, token);
    } catch {
        // storage off: the token lives only in this page
    }
    $('teacher-token').value = '';
    start(token);
});

if (!code) {
    setText(unlockForm.querySelector('.problem'), 'This address has no join code: open /projector/CODE.');
} else if (readToken()) {
    start(readToken());
} else {
    $('teacher-token').focus();
}
