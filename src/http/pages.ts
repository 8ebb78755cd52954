// Browser pages served by the service, offline: GraphiQL (/graphiql, and GET /graphql from a browser)
// and the dashboard (/dashboard). Scripts come from npm packages and public/, never a CDN.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ApolloServerPlugin } from "@apollo/server";
import express, { type Response, type Router } from "express";
import { projectRoot } from "../env.js";

const require = createRequire(import.meta.url);
const publicDir = path.join(projectRoot, "public");

function packageFile(packageName: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${packageName}/package.json`)), file);
}

/** UMD builds the pages load; only these files are reachable under /assets. */
const ASSETS: Record<string, string> = {
  "react.js": packageFile("react", "umd/react.production.min.js"),
  "react-dom.js": packageFile("react-dom", "umd/react-dom.production.min.js"),
  "graphiql.js": packageFile("graphiql", "graphiql.min.js"),
  "graphiql.css": packageFile("graphiql", "graphiql.min.css"),
  "graphql-ws.js": packageFile("graphql-ws", "umd/graphql-ws.min.js"),
  // The dashboard's charts: uPlot's browser build, from the npm package.
  "uplot.js": packageFile("uplot", "dist/uPlot.iife.min.js"),
  "uplot.css": packageFile("uplot", "dist/uPlot.min.css"),
};

// Same-origin scripts only; GraphiQL sets inline styles, and its sockets go back to this origin.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

function sendPage(response: Response, html: string): void {
  response.setHeader("content-security-policy", CONTENT_SECURITY_POLICY);
  response.setHeader("x-content-type-options", "nosniff");
  response.type("html").send(html);
}

export function pagesRouter(): Router {
  const graphiql = readFileSync(path.join(publicDir, "graphiql.html"), "utf8");
  const dashboard = readFileSync(path.join(publicDir, "dashboard.html"), "utf8");
  const router = express.Router();
  router.get("/graphiql", (_request, response) => sendPage(response, graphiql));
  router.get("/dashboard", (_request, response) => sendPage(response, dashboard));
  router.get("/assets/:file", (request, response, next) => {
    const file = ASSETS[request.params.file];
    if (!file) return next();
    response.sendFile(file, { maxAge: "1h" });
  });
  router.use("/ui", express.static(publicDir, { index: false, maxAge: "5m" }));
  return router;
}

/** A browser opening /graphql gets GraphiQL instead of Apollo's default (CDN-hosted) landing page. */
export function graphiqlLandingPage(): ApolloServerPlugin {
  const html = readFileSync(path.join(publicDir, "graphiql.html"), "utf8");
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html };
        },
      };
    },
  };
}
