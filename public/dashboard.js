// Freshness dashboard: per derived view version, lag and status from `projectionFreshness`, and the
// latest change events with a live rate from `researchEvents`, all pushed over one graphql-ws socket.
/* global window, document */
(function () {
  "use strict";
  var LATEST_EVENTS = 25;
  var RATE_WINDOW_MS = 60000;
  var endpoint = new URL("graphql", window.location.href);
  var socketUrl = new URL(endpoint.href);
  socketUrl.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";
  var body = document.body;
  var liveArrivals = [];
  var liveCount = 0;
  var lastSequence = null;

  var client = window.graphqlWs.createClient({
    url: socketUrl.href,
    retryAttempts: Infinity,
    shouldRetry: function () { return true; },
    on: {
      connected: function () { setConnection("live", "live"); },
      closed: function () { setConnection("reconnecting", "reconnecting…"); },
    },
  });

  function setConnection(state, label) {
    body.dataset.connection = state;
    document.getElementById("connection").textContent = label;
  }

  function cell(row, text, className) {
    var td = document.createElement("td");
    td.textContent = text === null || text === undefined ? "–" : String(text);
    if (className) td.className = className;
    row.appendChild(td);
  }

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
      cell(row, view.view);
      cell(row, view.lane);
      cell(row, view.buildingVersion ? view.version + " (building " + view.buildingVersion + ")" : view.version);
      cell(row, view.highWaterMark);
      cell(row, view.headSequence);
      cell(row, view.lagEvents);
      cell(row, view.status, "status-" + view.status);
      tbody.appendChild(row);
    });
    if (views[0]) document.getElementById("head-sequence").textContent = views[0].headSequence;
    body.dataset.freshness = "live";
  }

  function unavailable(feed, elementId, errors) {
    var message = (errors && errors[0] && errors[0].message) || String(errors || "no answer");
    var element = document.getElementById(elementId);
    element.textContent = (feed === "freshness" ? "Freshness" : "Event") + " feed unavailable: " + message;
    element.hidden = false;
    body.dataset[feed] = "unavailable";
  }

  /** A GraphiQL link with a prefilled query for the event's resource, or null when there is none. */
  function graphLink(event) {
    var payload = event.payload || {};
    var fields = "{ id accession kind title state evidenceGrade createdAt }";
    if (event.resourceType === "research_object") return { label: payload.accession || event.resourceId, query: 'query { researchObject(ref: "' + event.resourceId + '") ' + fields + " }" };
    if (event.resourceType === "research_relation" && payload.from) return { label: payload.from + " → " + payload.to, query: 'query { researchObject(ref: "' + payload.from + '") { accession title relations { type } } }' };
    var stableId = payload.stableId || payload.problemStableId;
    if (stableId) return { label: stableId, query: 'query { problem(ref: "' + stableId + '") { status problem { stableId title publicationState } } }' };
    return null;
  }

  function addEvent(event, live) {
    var list = document.getElementById("events");
    var item = document.createElement("li");
    item.dataset.sequence = event.sequence;
    item.dataset.resourceId = event.resourceId;
    var time = new Date(event.createdAt).toLocaleTimeString();
    item.appendChild(document.createTextNode("#" + event.sequence + " " + time + " " + event.eventType + " "));
    var link = graphLink(event);
    if (link) {
      var anchor = document.createElement("a");
      anchor.href = "graphiql?query=" + encodeURIComponent(link.query);
      anchor.textContent = link.label;
      item.appendChild(anchor);
    } else {
      item.appendChild(document.createTextNode(event.resourceType + " " + event.resourceId));
    }
    if (live) item.className = "fresh";
    list.insertBefore(item, list.firstChild);
    while (list.children.length > LATEST_EVENTS) list.removeChild(list.lastChild);
    lastSequence = event.sequence;
    document.getElementById("head-sequence").textContent = event.sequence;
    if (live) {
      liveCount += 1;
      liveArrivals.push(Date.now());
      renderRate();
    }
  }

  // The rate is recomputed locally once a second so it decays when events stop; no request is made.
  function renderRate() {
    var cutoff = Date.now() - RATE_WINDOW_MS;
    while (liveArrivals.length && liveArrivals[0] < cutoff) liveArrivals.shift();
    document.getElementById("event-rate").textContent = String(liveArrivals.length);
    document.getElementById("event-count").textContent = String(liveCount);
  }
  window.setInterval(renderRate, 1000);

  client.subscribe(
    { query: "subscription Freshness { projectionFreshness { view lane version buildingVersion highWaterMark headSequence lagEvents status } }" },
    {
      next: function (result) {
        if (result.errors) unavailable("freshness", "freshness-unavailable", result.errors);
        else renderViews(result.data.projectionFreshness);
      },
      error: function (error) { unavailable("freshness", "freshness-unavailable", Array.isArray(error) ? error : [error]); },
      complete: function () {},
    },
  );

  /** Replays the last few events as history, then streams everything after them as live. */
  function followEvents(head) {
    var historyEnd = BigInt(head);
    var start = historyEnd > BigInt(LATEST_EVENTS) ? historyEnd - BigInt(LATEST_EVENTS) : BigInt(0);
    client.subscribe(
      {
        query: "subscription Events($after: BigInt) { researchEvents(afterSequence: $after) { sequence eventType resourceType resourceId routingTargetId createdAt payload } }",
        variables: { after: String(lastSequence === null ? start : lastSequence) },
      },
      {
        next: function (result) {
          if (result.errors) return unavailable("events", "events-unavailable", result.errors);
          body.dataset.events = "live";
          addEvent(result.data.researchEvents, BigInt(result.data.researchEvents.sequence) > historyEnd);
        },
        error: function (error) { unavailable("events", "events-unavailable", Array.isArray(error) ? error : [error]); },
        complete: function () {},
      },
    );
    body.dataset.events = "live";
  }

  // One query (not a poll) over the same socket finds the head, so history starts a few events back.
  var headQuery = client.iterate({ query: "query Head { freshness { headSequence } }" });
  headQuery.next().then(
    function (step) {
      var head = step.value && step.value.data ? step.value.data.freshness.headSequence : "0";
      followEvents(head);
    },
    function () { followEvents("0"); },
  );
})();
