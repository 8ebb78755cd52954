// Starts GraphiQL against this service: queries and mutations over HTTP, subscriptions over graphql-ws
// on the same path. `?query=` and `?variables=` preset the editors (the dashboard links use them).
/* global window, document */
(function () {
  "use strict";
  var endpoint = new URL("graphql", window.location.href);
  var socketUrl = new URL(endpoint.href);
  socketUrl.protocol = endpoint.protocol === "https:" ? "wss:" : "ws:";

  // The Authorization header typed in GraphiQL's header editor also authenticates the socket.
  function authorizationFromHeaders() {
    try {
      var headers = JSON.parse(window.localStorage.getItem("graphiql:headers") || "{}");
      return headers.Authorization || headers.authorization || undefined;
    } catch {
      return undefined;
    }
  }

  var wsClient = window.graphqlWs.createClient({
    url: socketUrl.href,
    lazy: true,
    connectionParams: function () {
      var authorization = authorizationFromHeaders();
      return authorization ? { authorization: authorization } : {};
    },
  });
  var fetcher = window.GraphiQL.createFetcher({ url: endpoint.href, wsClient: wsClient });
  var params = new URLSearchParams(window.location.search);
  var props = { fetcher: fetcher, defaultEditorToolsVisibility: true, shouldPersistHeaders: true };
  if (params.has("query")) props.query = params.get("query");
  if (params.has("variables")) props.variables = params.get("variables");
  var root = window.ReactDOM.createRoot(document.getElementById("graphiql"));
  root.render(window.React.createElement(window.GraphiQL, props));
})();
