// The page that sends a teacher's pick back to their LMS (an LTI deep linking response): it posts the signed
// response, as the LMS asked, at once; the button on the page does the same without scripts.

document.getElementById('lti-return')?.submit();
