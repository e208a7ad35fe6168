// The projector view: the join code in very large type, the join URL and its QR code, how many have
// joined, the live picture and charts, the open question with its countdown and how many have answered
// (never who), the class's spread only once the teacher shows it, then the actual value on the same
// axis and the leaderboard (names left out when the lesson is anonymised).
//
// It connects as an observer with the lesson's teacher token, typed once and kept in sessionStorage for
// this tab (never in the URL); opened from a console signed in as a teacher, with that sign-in instead.

import { el, setText, replaceChildren, formatNumber } from './dom.js';
import { Connection, normaliseCode } from './connection.js';
import { createState, apply, currentQuestion, serverNow, describeActual } from './lesson-state.js';
import { PictureView } from './view-picture.js';
import { HuntField } from './view-hunt.js';
import { ChartsView } from './view-charts.js';
import { StatusView } from './view-status.js';
import { ExplanationView } from './view-explanation.js';
import { AboutView } from './view-about.js';
import { drawSpread, leaderboardTable } from './view-results.js';
import { encodeQR, drawQR } from './qr.js';
import { t, language, fillWords, onLanguageChange, formatDuration } from './words.js';
import { languageSwitch, tellServer, followLesson } from './view-language.js';

const match = location.pathname.match(/^\/projector\/([^/]+)\/?$/);
const code = match ? normaliseCode(decodeURIComponent(match[1])) : '';
const storageKey = `petri.projector.${code}`;
/// The console's sign-in (a teacher's session, or the teacher key), which a tab opened from the console inherits.
const CONSOLE_SIGN_IN = 'petri.teach.key';
const state = createState();

const $ = (id) => document.getElementById(id);
const unlockForm = $('unlock');
const wall = $('wall');
const status = new StatusView($('connection'), $('live'));
const picture = new PictureView($('picture'));
const hunt = new HuntField($('picture'));
const charts = new ChartsView($('charts'));
let connection = null;
const about = new AboutView($('about'), { send: (m) => connection?.send(m) ?? false });
const explanation = new ExplanationView(document.getElementById('explanation'));

/// The projector attaches as an observer with the teacher token (PROTOCOL.md 6.7), or with the console's sign-in
/// (`open` as `observer`, section 11: a lesson the console opened with a session has no token in the tab): it sees
/// what the class sees plus how many have answered (never who), and may only ask the server to show the answers.
function observerHello({ token, session }, lastSeen) {
    const how = token ? { type: 'observe', token } : { type: 'open', session, role: 'observer' };
    return { ...how, code, language: language(), ...(lastSeen ? { lastSeen } : {}) };
}

/// Resolved questions whose spread the teacher revealed on this wall (after resolution the server has
/// nothing more to show: the spread came with `resolved`, and the wall still waits for the teacher).
const revealedHere = new Set();

function stored(name) {
    try {
        return sessionStorage.getItem(name);
    } catch {
        return null;
    }
}

/// How this tab may watch the lesson: the token typed here or handed over by the console, else the console's sign-in.
function readCredential() {
    const token = stored(storageKey);
    if (token) return { token };
    const session = stored(CONSOLE_SIGN_IN);
    return session ? { session } : null;
}

function start(credential) {
    connection?.stop();
    connection = new Connection({
        hello: (lastSeen) => observerHello(credential, lastSeen),
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
    for (const line of words ?? []) status.say(line);
    hunt.received(message, state);
    if (message.type === 'welcome') followLesson(state);
    render();
}

let drawnQR = null;

function renderJoin() {
    const url = `${location.protocol}//${location.host}/join/${code}`;
    // The address may wrap before /join/ on a narrow wall, never inside the code.
    replaceChildren($('join-url'), `${location.protocol}//${location.host}`, el('wbr'),
        el('span', { class: 'join-path' }, `/join/${code}`));
    // Shown in two groups of three; read aloud letter by letter ("X V P 6 V V", not words), in text of its
    // own since a paragraph may not be named with aria-label.
    replaceChildren($('join-code'),
        el('span', { 'aria-hidden': 'true' }, code.length === 6 ? `${code.slice(0, 3)} ${code.slice(3)}` : code),
        el('span', { class: 'visually-hidden' }, t('projector.code', { letters: code.split('').join(' ') })));
    if (drawnQR !== url) {
        drawnQR = url;
        try {
            drawQR($('qr'), encodeQR(url, { level: 'M' }), 360);
        } catch (error) {
            $('qr').hidden = true;
        }
    }
    const size = state.classSize;
    const joined = size?.joined ?? state.leaderboard?.students ?? 0;
    setText($('joined'), size ? t('projector.joined.online', { count: joined, online: size.online })
        : t('projector.joined', { count: joined }));
}

/// Names are left out when the lesson says so (the server then sends none) or the teacher ticked the box.
function anonymised() {
    return state.options?.leaderboard === 'anonymous' || $('hide-names').checked;
}

function renderQuestion() {
    const question = currentQuestion(state);
    const spreadCanvas = $('spread');
    if (!question) {
        setText($('question-title'), t('projector.noQuestion'));
        for (const id of ['question-prompt', 'question-detail', 'question-countdown', 'answered', 'actual']) setText($(id), '');
        $('spread-hidden').hidden = true;
        spreadCanvas.hidden = true;
        replaceChildren($('board'));
        return;
    }
    const words = {
        open: 'projector.state.open', locked: 'projector.state.locked', resolved: 'projector.state.resolved',
        cancelled: 'projector.state.cancelled',
    };
    const stateWords = words[question.state] ? t(words[question.state]) : question.state;
    setText($('question-title'), t('projector.question', { number: question.id, state: stateWords }));
    setText($('question-prompt'), question.prompt || t('question.defaultPrompt', { metric: question.metricDescription || question.metric }));
    const metric = String(question.metricDescription ?? question.metric).replace(/\.$/, '');
    const detail = { metric, unit: question.unit ?? '', generation: question.target };
    setText($('question-detail'), question.hunts ? t('projector.detail.hunts', { ...detail, count: question.hunts })
        : question.unit ? t('projector.detail.unit', detail) : t('projector.detail', detail));
    const count = state.answerCounts.get(question.id);
    setText($('answered'), count ? t('projector.answered', { count: count.answered, total: count.students }) : '');
    const resolved = state.resolutions.get(question.id);
    const shown = state.shown.has(question.id) || revealedHere.has(question.id);
    // After resolution the resolved spread: its bars cover the predictions and the actual value.
    const spread = resolved?.spread ?? state.shownSpreads.get(question.id);
    const after = question.state !== 'open' && question.state !== 'cancelled';
    $('spread-hidden').hidden = !after || shown;
    // Before resolution the button asks the server (everyone then gets `answersShown`), unless the lesson
    // shows answers only at resolution; after it, the wall reveals what `resolved` brought (or, for a page
    // opened later, the actual value from the welcome).
    const askServer = question.state === 'locked' && state.options?.spread !== 'atResolution';
    $('show-answers').hidden = !after || shown || !(askServer || question.state === 'resolved');
    // Shown (even while the question is open: the teacher may show answers as they arrive).
    spreadCanvas.hidden = !(shown && spread);
    if (shown && spread) drawSpread(spreadCanvas, question, spread, resolved);
    const known = resolved ?? (question.state === 'resolved' && question.kind === 'number'
        ? { question: question.id, actual: question.actual } : null);
    setText($('actual'), known && shown ? t('results.actualMarker', { actual: describeActual(state, known) })
        : question.state === 'resolved' ? t('projector.answerIn') : '');
    const board = state.leaderboard;
    const size = state.options?.leaderboardSize ?? 10;
    replaceChildren($('board'), question.state === 'resolved' && shown && board
        ? leaderboardTable({ students: board.students, top: (board.top ?? []).slice(0, size) },
            { anonymous: anonymised(), expected: state.options?.rankBy === 'expected' })
        : null);
    tick();
}

function tick() {
    const question = currentQuestion(state);
    if (!question || question.state !== 'open' || typeof question.closesAt !== 'number') {
        setText($('question-countdown'),
            question?.state === 'open' ? t('projector.answerNow') : '');
        return;
    }
    const left = Math.max(0, Math.ceil((question.closesAt - serverNow(state)) / 1000));
    setText($('question-countdown'), t('projector.countdown', { time: formatDuration(left) }));
}

function render() {
    const live = state.role !== null;
    unlockForm.hidden = live;
    wall.hidden = !live;
    if (!live) return;
    document.title = t('projector.title.lesson', { code });
    renderJoin();
    explanation.render(state);
    // A lesson whose leaderboard is anonymous already shows no names: no box to hide them.
    $('hide-names').closest('.option').hidden = state.options?.leaderboard === 'anonymous';
    status.render(state);
    picture.render(state);
    charts.render(state);
    renderQuestion();
    about.render(state);
}

setInterval(tick, 250);
$('show-answers').addEventListener('click', () => {
    const question = currentQuestion(state);
    if (!question) return;
    if (question.state === 'resolved') {
        revealedHere.add(question.id);
        status.say(t('lesson.answersShown'));
        renderQuestion();
    } else {
        connection?.send({ type: 'showAnswers', question: question.id });
    }
});
$('hide-names').addEventListener('change', () => renderQuestion());
unlockForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const token = $('teacher-token').value.trim();
    if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) {
        setText(unlockForm.querySelector('.problem'), t('projector.unlock.badToken'));
        return;
    }
    try {
        sessionStorage.setItem(storageKey, token);
    } catch {
        // storage off: the token lives only in this page
    }
    $('teacher-token').value = '';
    start({ token });
});

languageSwitch($('language-switch'));
fillWords();
onLanguageChange(() => {
    fillWords();
    if (connection) tellServer(state, (m) => connection.send(m));
    picture.relabel();
    hunt.relabel(state);
    charts.relabel();
    about.relabel(state);
    render();
});

if (!code) {
    setText(unlockForm.querySelector('.problem'), t('projector.noCode'));
} else if (readCredential()) {
    start(readCredential());
} else {
    $('teacher-token').focus();
}
