// Progressive enhancement only: every page works without this file.
// Changing the sort order re-runs the search at once instead of waiting for the button.
document.addEventListener("DOMContentLoaded", function () {
  var sort = document.getElementById("sort");
  if (sort && sort.form) {
    sort.addEventListener("change", function () { sort.form.submit(); });
  }
});
