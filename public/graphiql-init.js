// Starts GraphiQL against this service: queries and mutations over HTTP, subscriptions over graphql-ws
// on the same path. `?query=`, `?variables=` and `?headers=` preset the editors (the dashboard links use them).
/* global window, document */
(function () {
  "use strict";
  var endpoint = new URL("graphql", window.location.href);
  var socketUrl = new URL(endpoint.href);
  socketUrl.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";

  // The Authorization header typed in GraphiQL's header editor also authenticates the socket: GraphiQL
  // hands the editor's headers to the fetcher, and each distinct header gets its own socket client.
  // Headers are not persisted in localStorage (a token would outlive the tab) unless ?persistHeaders=true.
  var fetchers = new Map();
  function fetcherFor(authorization) {
    var key = authorization || "";
    if (!fetchers.has(key)) {
      var wsClient = window.graphqlWs.createClient({
        url: socketUrl.href,
        lazy: true,
        connectionParams: authorization ? { authorization: authorization } : {},
      });
      fetchers.set(key, window.GraphiQL.createFetcher({ url: endpoint.href, wsClient: wsClient }));
    }
    return fetchers.get(key);
  }
  function fetcher(graphQLParams, options) {
    var headers = (options && options.headers) || {};
    return fetcherFor(headers.Authorization || headers.authorization)(graphQLParams, options);
  }
  var params = new URLSearchParams(window.location.search);
  var props = {
    fetcher: fetcher,
    defaultEditorToolsVisibility: true,
    shouldPersistHeaders: params.get("persistHeaders") === "true",
  };
  if (params.has("query")) props.query = params.get("query");
  if (params.has("variables")) props.variables = params.get("variables");
  if (params.has("headers")) props.headers = params.get("headers");
  function render() {
    var root = window.ReactDOM.createRoot(document.getElementById("graphiql"));
    root.render(window.React.createElement(window.GraphiQL, props));
  }
  // The example operations (public/graphiql-examples.json, checked against the schema by the test
  // suite) open as tabs instead of GraphiQL's stock welcome text, unless a link preset the query.
  if (params.has("query")) return render();
  window
    .fetch(new URL("ui/graphiql-examples.json", endpoint.href.replace(/graphql$/, "")).href)
    .then(function (response) {
      return response.ok ? response.json() : null;
    })
    .then(function (examples) {
      if (examples) {
        document.title = examples.title;
        props.defaultTabs = examples.tabs.map(function (tab) {
          return { query: tab.query, variables: tab.variables };
        });
        props.defaultQuery = examples.tabs[0].query;
      }
    })
    .catch(function () {
      /* the stock editor still works without the examples */
    })
    .then(render);
})();
