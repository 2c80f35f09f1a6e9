"""The website as a Starlette app: every page in HTML, and as JSON at the same path + ``.json``
(or with ``?_format=json``)."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kubegap.library import Library
from kubegap.library.search import MAX_QUERY_CHARS
from kubegap.report.document import Report
from kubegap.suggest import did_you_mean
from kubegap.web import views
from kubegap.web.links import SLUG_VOCABULARIES, VOCABULARY_SLUGS, ServerLinks
from kubegap.web.render import STATIC_DIR, render
from kubegap.web.security import SecurityHeaders

LINKS = ServerLinks()


def _wants_json(request: Request) -> bool:
    return request.url.path.endswith(".json") or request.query_params.get("_format") == "json"


def _param(request: Request, name: str) -> str:
    value = request.path_params[name]
    return value.removesuffix(".json") if request.url.path.endswith(".json") else value


PAGE_DIGITS = 6
FORMAT_PARAMETER = "_format"
CASE_LIST_PARAMETERS = ("q", "page", "view", *VOCABULARY_SLUGS.values())
"""What a case list reads from its address; each vocabulary also as the JSON's spelling (``root_cause``)."""


def _parameters(request: Request, known: tuple[str, ...]) -> None:
    """A 400 for a query parameter the page does not read, naming the one that was likely meant: a
    mistyped filter must not silently show every case."""
    spellings = {*known, *(name.replace("-", "_") for name in known), FORMAT_PARAMETER}
    for name in request.query_params:
        if name not in spellings:
            takes = f"it reads {', '.join(known)}" if known else "it reads none"
            raise views.BadRequest(
                f"This page has no query parameter {views.quoted(name)}; {takes}."
                f"{did_you_mean(name, known, lead=' Did you mean')}"
            )


def _vocabulary_filters(request: Request) -> dict[str, list[str]]:
    """The case list's filters, under the paths' spelling (``root-cause``) or the JSON's (``root_cause``)."""
    params = request.query_params
    return {
        v: [*params.getlist(v), *(params.getlist(slug) if slug != v else [])] for v, slug in VOCABULARY_SLUGS.items()
    }


def _page_number(request: Request) -> int:
    raw = request.query_params.get("page", "1")
    # isascii: "²" is a digit to str.isdigit but not to int(); the length bound keeps int() cheap
    if not (raw.isascii() and raw.isdigit() and len(raw) <= PAGE_DIGITS) or int(raw) < 1:
        raise views.BadRequest(
            f"The page number must be a whole number from 1 (at most {PAGE_DIGITS} digits), not {views.quoted(raw)}."
        )
    return int(raw)


def _query(request: Request) -> str | None:
    query = request.query_params.get("q")
    if query is not None and len(query) > MAX_QUERY_CHARS:
        raise views.BadRequest(f"The search is {len(query):,} characters long; at most {MAX_QUERY_CHARS} are searched.")
    return query


def create_app(library: Library, report: Report | None = None) -> Starlette:
    """The site for ``library``; with ``report``, also the report viewer at ``/report``."""
    library.index.search()  # build the search index before the first request

    def respond(request: Request, view: views.WebPage | None, missing: str = "") -> Response:
        if view is None:
            raise HTTPException(404, missing)
        if _wants_json(request):
            return JSONResponse(view.data)
        return HTMLResponse(render(view, LINKS))

    async def home(request: Request) -> Response:
        _parameters(request, ())
        return respond(request, views.home_page(library))

    async def cases(request: Request) -> Response:
        _parameters(request, CASE_LIST_PARAMETERS)
        filters = _vocabulary_filters(request)
        view = views.case_list(
            library, _query(request), filters, _page_number(request), request.query_params.get("view", "compact")
        )
        return respond(request, view)

    async def case(request: Request) -> Response:
        _parameters(request, ())
        case_id = _param(request, "case_id")
        return respond(request, views.case_page(library, case_id), f"There is no case {views.quoted(case_id)}.")

    async def reconstruction(request: Request) -> Response:
        case_id, which = _param(request, "case_id"), request.path_params["which"]
        found = library.reconstruction(case_id) if which in ("incident", "fixed") else None
        if found is None:
            raise HTTPException(404, f"There is no reconstruction {views.quoted(f'{case_id}/{which}.yaml')}.")
        return PlainTextResponse(
            getattr(found, which).read_text(encoding="utf-8"), media_type="text/plain; charset=utf-8"
        )

    async def reconstruction_page(request: Request) -> Response:
        _parameters(request, ())
        case_id = request.path_params["case_id"]
        return respond(
            request,
            views.reconstruction_page(library, case_id),
            f"There is no reconstruction of {views.quoted(case_id)}.",
        )

    async def vocabulary(request: Request) -> Response:
        slug = _param(request, "slug")
        if slug not in SLUG_VOCABULARIES:
            raise HTTPException(404, "There is no such page.")
        _parameters(request, ())
        return respond(request, views.vocabulary_page(library, SLUG_VOCABULARIES[slug]))

    async def term(request: Request) -> Response:
        slug, term_id = request.path_params["slug"], _param(request, "term")
        if slug not in SLUG_VOCABULARIES:
            raise HTTPException(404, "There is no such page.")
        _parameters(request, ("page",))
        view = views.term_page(library, SLUG_VOCABULARIES[slug], term_id, _page_number(request))
        return respond(request, view, f"There is no {slug.replace('-', ' ')} term {views.quoted(term_id)}.")

    async def checks(request: Request) -> Response:
        _parameters(request, ("q", "category", "severity"))
        params = request.query_params
        return respond(
            request, views.checks_page(library, params.getlist("category"), params.getlist("severity"), _query(request))
        )

    async def check(request: Request) -> Response:
        _parameters(request, ())
        check_id = _param(request, "check_id")
        return respond(request, views.check_page(library, check_id), f"There is no check {views.quoted(check_id)}.")

    async def report_view(request: Request) -> Response:
        _parameters(request, ())
        return respond(request, views.report_page(library, report))

    def error_page(request: Request, status: int, heading: str, message: str) -> Response:
        if _wants_json(request):
            return JSONResponse({"error": message, "status": status}, status_code=status)
        view = views.WebPage("error.html", heading, {"heading": heading, "message": message}, {})
        return HTMLResponse(render(view, LINKS), status_code=status)

    async def not_found(request: Request, exc: HTTPException) -> Response:
        if exc.status_code != 404:
            return error_page(request, exc.status_code, "Error", str(exc.detail))
        detail = exc.detail if exc.detail and exc.detail != "Not Found" else "There is no page at this address."
        return error_page(request, 404, "Not found", detail)

    async def bad_request(request: Request, exc: views.BadRequest) -> Response:
        return error_page(request, 400, "Bad request", str(exc))

    routes = [
        Route("/", home),
        Route("/index.json", home),
        Route("/cases", cases),
        Route("/cases.json", cases),
        Route("/cases/{case_id}", case),
        Route("/cases/{case_id}/reconstruction", reconstruction_page),
        Route("/cases/{case_id}/reconstruction.json", reconstruction_page),
        Route("/cases/{case_id}/{which}.yaml", reconstruction),
        Route("/checks", checks),
        Route("/checks.json", checks),
        Route("/checks/{check_id}", check),
        Route("/report", report_view),
        Route("/report.json", report_view),
        Mount("/static", StaticFiles(directory=str(STATIC_DIR)), name="static"),
        Route("/{slug}", vocabulary),
        Route("/{slug}/{term:path}", term),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(SecurityHeaders)],
        exception_handlers={HTTPException: not_found, views.BadRequest: bad_request},  # type: ignore[dict-item]  # Starlette types each handler for Exception, not for the class it is registered for
    )
