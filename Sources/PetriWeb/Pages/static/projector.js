// Placeholder module: the projector view's real code replaces it.
const status = document.getElementById("status");
if (status) status.textContent = "The projector view is not written yet.";
