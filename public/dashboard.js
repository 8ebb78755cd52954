// Dashboard: per derived view its freshness (`projectionFreshness`), lag over the last hour with its
// peak, events per minute, projection worker health and rebuild progress (`serviceMonitor`), and the
// latest change events with title, kind, project and problem (`dashboardEvents`, filterable), all
// pushed over one graphql-ws socket. Charts are uPlot (served from the npm package, never a CDN).
/* global window, document, ResizeObserver */
(function () {
  "use strict";
  var LATEST_EVENTS = 25;
  var TOKEN_KEY = "rms-dashboard-token";
  var COLORS = ["#2563eb", "#d97706", "#7c3aed", "#059669", "#db2777"];
  var body = document.body;
  var uPlot = window.uPlot;

  // ---- token: ?token= once (then dropped from the address bar), else this tab's sessionStorage ----
  var params = new URLSearchParams(window.location.search);
  if (params.has("token")) {
    window.sessionStorage.setItem(TOKEN_KEY, params.get("token"));
    params.delete("token");
    var clean = window.location.pathname + (params.toString() ? "?" + params.toString() : "") + window.location.hash;
    window.history.replaceState(null, "", clean);
  }
  function token() {
    return window.sessionStorage.getItem(TOKEN_KEY) || "";
  }

  var endpoint = new URL("graphql", window.location.href);
  var socketUrl = new URL(endpoint.href);
  socketUrl.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";

  var client = window.graphqlWs.createClient({
    url: socketUrl.href,
    connectionParams: function () {
      return token() ? { authorization: "Bearer " + token() } : {};
    },
    retryAttempts: Infinity,
    // A refused token (4403) stays refused: ask for another one instead of knocking again.
    shouldRetry: function (event) {
      return !(event && event.code === 4403);
    },
    on: {
      connected: function () {
        setConnection("live", "live");
      },
      closed: function (event) {
        if (event && event.code === 4403) {
          setConnection("refused", "token refused");
          showAuthWarning("The service refused this token. Paste another one (Token, top right).");
        } else {
          setConnection("reconnecting", "reconnecting…");
        }
      },
    },
  });

  function setConnection(state, label) {
    body.dataset.connection = state;
    document.getElementById("connection").textContent = label;
  }

  function showAuthWarning(message) {
    var warning = document.getElementById("auth-warning");
    warning.textContent = message;
    warning.hidden = false;
    openTokenForm(true);
  }

  function openTokenForm(open) {
    document.getElementById("token-form").hidden = !open;
    document.getElementById("token-toggle").setAttribute("aria-expanded", String(open));
  }
  document.getElementById("token-toggle").addEventListener("click", function () {
    openTokenForm(document.getElementById("token-form").hidden);
  });
  document.getElementById("token-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var value = document.getElementById("token-input").value.trim();
    if (value) window.sessionStorage.setItem(TOKEN_KEY, value);
    window.location.reload();
  });
  document.getElementById("token-forget").addEventListener("click", function () {
    window.sessionStorage.removeItem(TOKEN_KEY);
    window.location.reload();
  });

  function isAuthError(errors) {
    return (errors || []).some(function (error) {
      return error && error.extensions && error.extensions.code === "UNAUTHENTICATED";
    });
  }

  function unavailable(feed, elementId, label, errors) {
    var list = Array.isArray(errors) ? errors : [errors];
    var first = list[0];
    var message = (first && first.message) || (first && first.reason) || String(first || "no answer");
    var element = document.getElementById(elementId);
    element.textContent = label + " feed unavailable: " + message;
    element.hidden = false;
    body.dataset[feed] = "unavailable";
    if (isAuthError(list))
      showAuthWarning(
        "This service needs an operator token for reads (ANONYMOUS_READS=false). Paste one below, or open /dashboard?token=….",
      );
  }

  // ---- formatting ----
  function pad(number) {
    return String(number).padStart(2, "0");
  }
  /** Local date and time, e.g. 2026-12-04 18:52:07. */
  function dateTime(value) {
    if (value === null || value === undefined) return "–";
    var date = new Date(value);
    if (isNaN(date.getTime())) return "–";
    return (
      date.getFullYear() +
      "-" +
      pad(date.getMonth() + 1) +
      "-" +
      pad(date.getDate()) +
      " " +
      pad(date.getHours()) +
      ":" +
      pad(date.getMinutes()) +
      ":" +
      pad(date.getSeconds())
    );
  }
  function timeElement(value) {
    var element = document.createElement("time");
    element.dateTime = new Date(value).toISOString();
    element.title = new Date(value).toISOString();
    element.textContent = dateTime(value);
    return element;
  }
  function cell(row, text, className) {
    var td = document.createElement("td");
    td.textContent = text === null || text === undefined ? "–" : String(text);
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }
  function span(text, className) {
    var element = document.createElement("span");
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  // ---- charts ----
  function chartWidth(element) {
    return Math.max(200, Math.floor(element.clientWidth));
  }
  function chartHeight() {
    return window.innerWidth < 600 ? 160 : 220;
  }
  function fitOnResize(chart, element) {
    new ResizeObserver(function () {
      chart.setSize({ width: chartWidth(element), height: chartHeight() });
    }).observe(element);
  }
  /** Time axis ticks as 24 h clock times (with seconds when ticks are under a minute apart), the date under the first tick and wherever the day changes. */
  function timeTicks(_u, splits, _axisIndex, _space, increment) {
    var lastDay = null;
    return splits.map(function (split) {
      var value = dateTime(split * 1000);
      var day = value.slice(0, 10);
      var label = value.slice(11, increment < 60 ? 19 : 16);
      if (day !== lastDay) label += "\n" + day;
      lastDay = day;
      return label;
    });
  }
  var timeAxis = { values: timeTicks, size: 44, space: 80 };
  function timesOf(series) {
    var start = Date.parse(series.firstBucketAt) / 1000;
    return series.values.map(function (_value, index) {
      return start + index * series.bucketSeconds;
    });
  }

  /** Indices of the buckets where a series was behind, for the lag chart's dots. */
  function laggingPoints(u, seriesIndex) {
    var values = u.data[seriesIndex];
    var indices = [];
    for (var i = 0; i < values.length; i++) if (values[i]) indices.push(i);
    return indices;
  }
  var lagChart = null;
  var lagViews = [];
  var lagMinutes = 60;
  /** The lag chart's x range: the last `lagMinutes` up to the newest bucket's end. */
  function lagRange(_u, min, max) {
    if (min === null || max === null) return [min, max];
    return [Math.max(min, max + 10 - lagMinutes * 60), max + 10];
  }
  document.getElementById("lag-ranges").addEventListener("click", function (event) {
    var button = event.target.closest("button[data-minutes]");
    if (!button) return;
    lagMinutes = Number(button.dataset.minutes);
    document.querySelectorAll("#lag-ranges button").forEach(function (other) {
      other.setAttribute("aria-pressed", String(other === button));
    });
    if (lagChart) lagChart.setData(lagChart.data);
  });
  function drawLag(views) {
    var element = document.getElementById("lag-chart");
    var names = views.map(function (view) {
      return view.view;
    });
    var data = [timesOf(views[0].lagHistory)].concat(
      views.map(function (view) {
        return view.lagHistory.values;
      }),
    );
    if (!lagChart || names.join() !== lagViews.join()) {
      if (lagChart) lagChart.destroy();
      lagViews = names;
      lagChart = new uPlot(
        {
          width: chartWidth(element),
          height: chartHeight(),
          cursor: { drag: { x: false, y: false } },
          legend: { show: false },
          scales: {
            x: { time: true, range: lagRange },
            y: {
              range: function (_u, _min, max) {
                return [0, Math.max(1, max)];
              },
            },
          },
          axes: [timeAxis, { label: "events behind", size: 50 }],
          series: [
            {
              label: "time",
              value: function (_u, v) {
                return v === null ? "–" : dateTime(v * 1000);
              },
            },
          ].concat(
            views.map(function (view, index) {
              return {
                label: view.view,
                stroke: COLORS[index % COLORS.length],
                fill: COLORS[index % COLORS.length] + "22",
                width: 1.5,
                paths: uPlot.paths.stepped({ align: 1 }),
                // A spell behind is one 10 s bucket, under a pixel wide at an hour's scale: mark each with a dot.
                points: { show: true, size: 6, fill: COLORS[index % COLORS.length], filter: laggingPoints },
                value: function (_u, v) {
                  return v === null ? "–" : String(v);
                },
              };
            }),
          ),
        },
        data,
        element,
      );
      fitOnResize(lagChart, element);
    } else {
      lagChart.setData(data);
    }
    var peak = Math.max.apply(
      null,
      views.map(function (view) {
        return view.peakLagEvents;
      }),
    );
    element.dataset.peak = String(peak);
    var list = document.getElementById("lag-peaks");
    list.replaceChildren();
    views.forEach(function (view, index) {
      var item = document.createElement("li");
      item.dataset.view = view.view;
      item.dataset.peak = view.peakLagEvents;
      var swatch = span("", "swatch");
      swatch.style.background = COLORS[index % COLORS.length];
      item.appendChild(swatch);
      item.appendChild(span(view.view + ": ", "name"));
      if (view.peakLagEvents > 0) {
        item.appendChild(
          span("peak " + view.peakLagEvents + " event" + (view.peakLagEvents === 1 ? "" : "s") + " at "),
        );
        item.appendChild(timeElement(view.peakAt));
      } else {
        item.appendChild(span("never behind in the last hour"));
      }
      list.appendChild(item);
    });
  }

  var rateChart = null;
  function drawRate(series) {
    var element = document.getElementById("rate-chart");
    var data = [timesOf(series), series.values];
    if (!rateChart) {
      rateChart = new uPlot(
        {
          width: chartWidth(element),
          height: chartHeight(),
          cursor: { drag: { x: false, y: false } },
          legend: { show: false },
          scales: {
            y: {
              range: function (_u, _min, max) {
                return [0, Math.max(5, max)];
              },
            },
          },
          axes: [timeAxis, { label: "events / min", size: 50 }],
          series: [
            {},
            {
              label: "events",
              stroke: "#2563eb",
              fill: "#2563eb55",
              paths: uPlot.paths.bars({ size: [0.8, 24] }),
              points: { show: false },
            },
          ],
        },
        data,
        element,
      );
      fitOnResize(rateChart, element);
    } else {
      rateChart.setData(data);
    }
    var values = series.values.filter(function (value) {
      return value !== null;
    });
    var total = values.reduce(function (sum, value) {
      return sum + value;
    }, 0);
    element.dataset.total = String(total);
    document.getElementById("event-rate").textContent = String(series.values[series.values.length - 1] || 0);
    document.getElementById("events-hour").textContent = String(total);
  }

  // ---- freshness table (the stored truth) plus the monitor's peak per view ----
  var peaks = {};
  function renderViews(views) {
    var tbody = document.getElementById("views");
    tbody.replaceChildren();
    views.forEach(function (view) {
      var row = document.createElement("tr");
      row.dataset.view = view.view;
      row.dataset.highWaterMark = view.highWaterMark;
      row.dataset.lag = view.lagEvents;
      row.dataset.headSequence = view.headSequence;
      row.dataset.status = view.status;
      cell(row, view.view, "name");
      cell(row, view.lane, "wide-only");
      cell(row, view.buildingVersion ? view.version + " (building " + view.buildingVersion + ")" : view.version);
      cell(row, view.highWaterMark, "wide-only");
      cell(row, view.headSequence, "wide-only");
      cell(row, view.lagEvents);
      cell(row, peaks[view.view] === undefined ? "–" : peaks[view.view], "peak");
      cell(row, view.status, "status status-" + view.status);
      tbody.appendChild(row);
    });
    body.dataset.freshness = "live";
  }
  function updatePeaks(views) {
    views.forEach(function (view) {
      peaks[view.view] = view.peakLagEvents;
      var row = document.querySelector('#views tr[data-view="' + view.view + '"] td.peak');
      if (row) row.textContent = String(view.peakLagEvents);
    });
  }

  // ---- worker and rebuilds ----
  function text(id, value) {
    document.getElementById(id).textContent = value === null || value === undefined ? "–" : String(value);
  }
  function renderWorker(worker) {
    var last = document.getElementById("worker-last");
    last.replaceChildren(worker.lastBatchAt ? timeElement(worker.lastBatchAt) : document.createTextNode("none yet"));
    text("worker-duration", worker.lastBatchMs === null ? null : worker.lastBatchMs.toFixed(1) + " ms");
    text("worker-events", worker.lastBatchEvents);
    text("worker-batches", worker.batches + " / " + worker.eventsApplied);
    var errors = document.getElementById("worker-errors");
    errors.replaceChildren(document.createTextNode(String(worker.errors)));
    if (worker.lastError) {
      errors.appendChild(document.createTextNode(" (last: " + worker.lastError + ", "));
      errors.appendChild(timeElement(worker.lastErrorAt));
      errors.appendChild(document.createTextNode(")"));
    }
    errors.className = worker.errors > 0 ? "bad" : "";
    text("worker-backlog", worker.backlogEvents + " events");
    document.getElementById("worker-backlog").className = Number(worker.backlogEvents) > 0 ? "lagging" : "";
    var note = document.getElementById("worker-note");
    note.hidden = worker.inProcess;
    note.textContent = worker.inProcess
      ? ""
      : "The worker runs in another process (RUN_WORKER=false): its batches are not seen here, only the backlog.";
  }

  function renderRebuilds(rebuilds) {
    var list = document.getElementById("rebuilds");
    list.replaceChildren();
    if (rebuilds.length === 0) {
      var none = document.createElement("li");
      none.className = "note";
      none.textContent = "No rebuild in the last hour.";
      list.appendChild(none);
      return;
    }
    rebuilds.forEach(function (rebuild) {
      var item = document.createElement("li");
      item.dataset.view = rebuild.view;
      item.dataset.outcome = rebuild.outcome;
      var title = document.createElement("div");
      title.className = "rebuild-title";
      title.appendChild(span(rebuild.view + (rebuild.version ? " v" + rebuild.version : ""), "name"));
      title.appendChild(span(rebuild.outcome, "outcome outcome-" + rebuild.outcome));
      item.appendChild(title);
      var bar = document.createElement("progress");
      if (rebuild.fraction !== null) bar.value = rebuild.outcome === "RUNNING" ? rebuild.fraction : 1;
      else if (rebuild.outcome !== "RUNNING") bar.value = 1;
      bar.max = 1;
      item.appendChild(bar);
      var line = document.createElement("div");
      line.className = "note";
      line.appendChild(
        document.createTextNode(
          rebuild.stage + (rebuild.total > 0 ? " " + rebuild.done + "/" + rebuild.total : "") + " · ",
        ),
      );
      line.appendChild(
        rebuild.finishedAt
          ? timeElement(rebuild.finishedAt)
          : rebuild.startedAt
            ? timeElement(rebuild.startedAt)
            : document.createTextNode("start not known"),
      );
      if (rebuild.detail) line.appendChild(document.createTextNode(" · " + rebuild.detail));
      item.appendChild(line);
      list.appendChild(item);
    });
  }

  function renderMonitor(monitor) {
    document.getElementById("head-sequence").textContent = monitor.headSequence;
    body.dataset.headSequence = monitor.headSequence;
    if (monitor.views.length) drawLag(monitor.views);
    updatePeaks(monitor.views);
    drawRate(monitor.eventsPerMinute);
    renderWorker(monitor.worker);
    renderRebuilds(monitor.rebuilds);
    body.dataset.monitor = "live";
  }

  // ---- events ----
  /** A GraphiQL link with a prefilled query for the event's resource, or null when there is none. */
  function graphLink(event) {
    var payload = event.payload || {};
    var subject = event.subject || {};
    var fields = "{ id accession kind title state evidenceGrade createdAt }";
    if (event.resourceType === "research_object")
      return 'query { researchObject(ref: "' + event.resourceId + '") ' + fields + " }";
    if (event.resourceType === "research_relation" && payload.from)
      return 'query { researchObject(ref: "' + payload.from + '") { accession title relations { type } } }';
    var stableId = subject.problemStableId || payload.stableId || payload.problemStableId;
    if (stableId)
      return 'query { problem(ref: "' + stableId + '") { status problem { stableId title publicationState } } }';
    return null;
  }

  var projects = {};
  function rememberProject(id, name) {
    if (!id || projects[id]) return;
    projects[id] = name || id;
    var select = document.getElementById("filter-project");
    var option = document.createElement("option");
    option.value = id;
    option.textContent = name || id;
    select.appendChild(option);
  }

  function chip(label, value, onClick, className) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "chip " + className;
    button.title = "Show only " + label;
    button.textContent = value;
    button.addEventListener("click", onClick);
    return button;
  }

  var seen = {};
  function addEvent(event, live) {
    if (seen[event.sequence]) return;
    seen[event.sequence] = true;
    var subject = event.subject || {};
    var list = document.getElementById("events");
    var item = document.createElement("li");
    item.dataset.sequence = event.sequence;
    item.dataset.resourceId = event.resourceId;
    item.dataset.eventType = event.eventType;

    var meta = document.createElement("div");
    meta.className = "meta";
    meta.appendChild(span("#" + event.sequence, "sequence"));
    meta.appendChild(timeElement(event.createdAt));
    meta.appendChild(span(event.eventType, "type"));
    meta.appendChild(span(subject.kind || event.resourceType, "kind"));
    if (subject.accession) meta.appendChild(span(subject.accession, "accession"));
    if (subject.state && subject.state !== "CURRENT")
      meta.appendChild(span(subject.state, "state state-" + subject.state));
    item.appendChild(meta);

    var titleLine = document.createElement("div");
    titleLine.className = "title";
    var query = graphLink(event);
    var titleText = subject.title || subject.accession || event.resourceType + " " + event.resourceId;
    if (query) {
      var anchor = document.createElement("a");
      anchor.href = "graphiql?query=" + encodeURIComponent(query);
      anchor.textContent = titleText;
      titleLine.appendChild(anchor);
    } else {
      titleLine.appendChild(document.createTextNode(titleText));
    }
    item.appendChild(titleLine);

    var context = document.createElement("div");
    context.className = "context";
    if (subject.problemStableId) {
      // A problem's own events carry its title already: the chip names the problem only.
      var problemLabel =
        subject.problemStableId +
        (subject.problemTitle && event.resourceType !== "problem" ? " · " + subject.problemTitle : "");
      context.appendChild(
        chip(
          "this problem",
          problemLabel,
          function () {
            document.getElementById("filter-problem").value = subject.problemStableId;
            applyFilters();
          },
          "problem",
        ),
      );
    }
    if (subject.projectId) {
      rememberProject(subject.projectId, subject.projectName);
      context.appendChild(
        chip(
          "this project",
          subject.projectName || subject.projectId,
          function () {
            document.getElementById("filter-project").value = subject.projectId;
            applyFilters();
          },
          "project",
        ),
      );
    }
    if (context.children.length) item.appendChild(context);

    if (live) item.className = "fresh";
    // Keep sequence order, newest first, whatever order batches arrive in.
    var before = null;
    for (var i = 0; i < list.children.length; i++) {
      if (BigInt(list.children[i].dataset.sequence) < BigInt(event.sequence)) {
        before = list.children[i];
        break;
      }
    }
    list.insertBefore(item, before);
    while (list.children.length > LATEST_EVENTS) {
      delete seen[list.lastChild.dataset.sequence];
      list.removeChild(list.lastChild);
    }
  }

  var EVENTS_QUERY =
    "subscription DashboardEvents($problemRef: String, $projectId: ID, $replay: Int) { dashboardEvents(problemRef: $problemRef, projectId: $projectId, replayLast: $replay) " +
    "{ sequence eventType resourceType resourceId createdAt payload subject { title kind accession state projectId projectName problemStableId problemTitle } } }";
  var stopEvents = null;
  var firstBatch = true;
  function followEvents(filter) {
    if (stopEvents) stopEvents();
    document.getElementById("events").replaceChildren();
    document.getElementById("events-unavailable").hidden = true;
    seen = {};
    firstBatch = true;
    body.dataset.events = "pending";
    var parts = [];
    if (filter.problemRef) parts.push("problem " + filter.problemRef);
    if (filter.projectId) parts.push("project " + (projects[filter.projectId] || filter.projectId));
    document.getElementById("filter-state").textContent = parts.length
      ? "Showing only " + parts.join(" and ") + "."
      : "All problems and projects.";
    stopEvents = client.subscribe(
      {
        query: EVENTS_QUERY,
        variables: {
          problemRef: filter.problemRef || null,
          projectId: filter.projectId || null,
          replay: LATEST_EVENTS,
        },
      },
      {
        next: function (result) {
          if (result.errors) return unavailable("events", "events-unavailable", "Event", result.errors);
          body.dataset.events = "live";
          var live = !firstBatch;
          firstBatch = false;
          result.data.dashboardEvents.forEach(function (event) {
            addEvent(event, live);
          });
        },
        error: function (error) {
          unavailable("events", "events-unavailable", "Event", error);
        },
        complete: function () {},
      },
    );
  }
  function currentFilter() {
    return {
      problemRef: document.getElementById("filter-problem").value.trim(),
      projectId: document.getElementById("filter-project").value,
    };
  }
  function applyFilters() {
    followEvents(currentFilter());
  }
  document.getElementById("filters").addEventListener("submit", function (event) {
    event.preventDefault();
    applyFilters();
  });
  document.getElementById("filter-project").addEventListener("change", applyFilters);
  document.getElementById("filter-clear").addEventListener("click", function () {
    document.getElementById("filter-problem").value = "";
    document.getElementById("filter-project").value = "";
    applyFilters();
  });

  // ---- subscriptions ----
  client.subscribe(
    {
      query:
        "subscription Freshness { projectionFreshness { view lane version buildingVersion highWaterMark headSequence lagEvents status } }",
    },
    {
      next: function (result) {
        if (result.errors) unavailable("freshness", "freshness-unavailable", "Freshness", result.errors);
        else renderViews(result.data.projectionFreshness);
      },
      error: function (error) {
        unavailable("freshness", "freshness-unavailable", "Freshness", error);
      },
      complete: function () {},
    },
  );

  var series = "{ firstBucketAt bucketSeconds values }";
  client.subscribe(
    {
      query:
        "subscription Monitor { serviceMonitor { sampledAt headSequence views { view status lagEvents peakLagEvents peakAt lagHistory " +
        series +
        " } " +
        "eventsPerMinute " +
        series +
        " worker { inProcess batches eventsApplied lastBatchAt lastBatchMs lastBatchEvents errors lastError lastErrorAt backlogEvents } " +
        "rebuilds { view version stage done total fraction outcome inProcess startedAt finishedAt detail } } }",
    },
    {
      next: function (result) {
        if (result.errors) unavailable("monitor", "monitor-unavailable", "Monitor", result.errors);
        else renderMonitor(result.data.serviceMonitor);
      },
      error: function (error) {
        unavailable("monitor", "monitor-unavailable", "Monitor", error);
      },
      complete: function () {},
    },
  );

  var initial = new URLSearchParams(window.location.search);
  if (initial.get("problem")) document.getElementById("filter-problem").value = initial.get("problem");
  if (initial.get("project")) {
    rememberProject(initial.get("project"), initial.get("project"));
    document.getElementById("filter-project").value = initial.get("project");
  }
  followEvents({ problemRef: initial.get("problem") || "", projectId: initial.get("project") || "" });
})();
