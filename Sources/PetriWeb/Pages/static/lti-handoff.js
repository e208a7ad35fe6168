// The page an LTI launch lands on (served by the server's /lti/launch): it keeps what the launch gave where the
// console or the student page looks for it (the teacher's session in this tab's sessionStorage, the student's
// resume token in localStorage, as those pages keep them), then opens that page. With storage off, the link on
// the page still opens Petri, and the student joins by name.

import { tokenKey } from './connection.js';

const node = document.getElementById('lti');
const data = node?.dataset ?? {};
const code = data.code ?? '';
let target = '/';
try {
    if (data.role === 'teacher' && data.session && code) {
        sessionStorage.setItem('petri.teach.key', data.session);
        sessionStorage.setItem('petri.teach.current', code);
        target = '/teach';
    } else if (data.role === 'student' && data.token && code) {
        localStorage.setItem(tokenKey(code), data.token);
        target = `/join/${encodeURIComponent(code)}`;
    }
} catch {
    target = data.role === 'student' && code ? `/join/${encodeURIComponent(code)}` : '/teach';
}
const link = document.getElementById('lti-open');
if (link) link.setAttribute('href', target);
location.replace(target);
