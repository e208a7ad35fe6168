// Placeholder module: the student page's real code replaces it.
const status = document.getElementById("status");
if (status) status.textContent = "The student page is not written yet.";
