import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * index.html paints before the app's JavaScript has run. Lighthouse (mobile) found nothing on screen until the
 * entry (~140 KB gzip) had arrived and run and had then asked for the reader's dictionary and the screen's chunk:
 * the home page's largest paint, the hero's title, waited ~1 s for that chain after the script itself.
 * - Public pages get a shell in #root: the top bar and, on the home page, the hero's text in the reader's language
 *   (from locales/*.json at build time). React replaces it at its first render; the new nodes are not "shifted"
 *   ones, and the title paints at the same size in the same place, so the largest paint stays the early one.
 * - The reader's dictionary and the public screen's chunk, its static imports and its CSS are requested from the
 *   HTML beside the entry instead of after it.
 * Public and sign-in routes only: the others are reached by navigating inside the app after signing in.
 */

const ROUTES_FILE = 'src/app/routes.ts';
const ROUTE_LINE = /path: '([^']+)', layout: '(public|auth)'.*?import\('([^']+)'\)/;

/** A GET the screen makes on mount: its key in src/api/early.ts, its URL and the fields naming its first picture. */
type EarlyGet = [key: string, url: string, picture: string[]];
interface Route { pattern: string; layout: string; module: string; data: EarlyGet[] }

/**
 * The route's `data: [...]` (a literal of strings, numbers and undefined: ScreenRoute.data), found by matching
 * brackets and evaluated here at build time; the query string is made as early.ts makes it.
 */
function readData(line: string): EarlyGet[] {
  const at = line.indexOf('data: [');
  if (at < 0) return [];
  let depth = 0;
  let end = at + 6;
  for (; end < line.length; end++) {
    if (line[end] === '[') depth++;
    else if (line[end] === ']' && --depth === 0) break;
  }
  const entries = new Function(`return ${line.slice(at + 6, end + 1)}`)() as [string, Record<string, string | number | undefined>?, string[]?][];
  return entries.map(([path, query, picture]) => {
    const qs = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)])).toString();
    return [`${path}?${qs}`, `/api${path}${qs ? `?${qs}` : ''}`, picture ?? []];
  });
}

function readRoutes(root: string): Route[] {
  return readFileSync(resolve(root, ROUTES_FILE), 'utf8').split('\n').flatMap((line) => {
    const m = ROUTE_LINE.exec(line);
    if (!m) return [];
    const pattern = `^${m[1].replace(/:\w+/g, '[^/]+')}$`;
    return m[1] === '*' ? [] : [{ pattern, layout: m[2], module: resolve(root, 'src/app', m[3]), data: readData(line) }];
  });
}

const text = (root: string, lng: string) => {
  const home = (JSON.parse(readFileSync(resolve(root, `locales/${lng}.json`), 'utf8')) as { home: Record<string, string> }).home;
  return [home.eyebrow, home.heroTitle, home.heroLead];
};

/** What the flight results page's first card says while it searches, in one language (src/features/flights/Results.tsx). */
interface ResultsText { eyebrow: string; modify: string; cabins: Record<string, string>; travellers: Record<string, string> }
const resultsText = (root: string, lng: string): ResultsText => {
  const f = (JSON.parse(readFileSync(resolve(root, `locales/${lng}.json`), 'utf8')) as { flights: Record<string, Record<string, string>> }).flights;
  const travellers = Object.fromEntries(Object.entries(f.search).filter(([k]) => k.startsWith('travellerCount_')).map(([k, v]) => [k.slice('travellerCount_'.length), v]));
  return { eyebrow: f.results.searchingFor, modify: f.results.modify, cabins: f.cabins, travellers };
};

/** The visa page's hero as the page writes it (src/features/public/catalogue/Visas.tsx). */
const visaText = (root: string, lng: string) => {
  const d = JSON.parse(readFileSync(resolve(root, `locales/${lng}.json`), 'utf8')) as Record<string, Record<string, string>>;
  return [d.visas.eyebrow, d.visas.title, d.visas.lead, d.visas.searchPlaceholder, d.catalogue.searchAction];
};

/** An icon of the app's (src/ui/Icon.tsx) as it draws it: the plane of the shell's logo, the hotel filters' sliders. */
const icon = (root: string, name: string, size = 20) => {
  const d = new RegExp(`${name}: '([^']+)'`).exec(readFileSync(resolve(root, 'src/ui/Icon.tsx'), 'utf8'))?.[1] ?? '';
  return `<svg class="icon" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${d}"/></svg>`;
};

/** What the hotel results page says above its first hotel, in one language (src/features/hotels/Results.tsx). */
const hotelText = (root: string, lng: string) => {
  const h = (JSON.parse(readFileSync(resolve(root, `locales/${lng}.json`), 'utf8')) as { hotels: { results: Record<string, string>; search: Record<string, string> } }).hotels;
  const plural = (from: Record<string, string>, key: string) => Object.fromEntries(Object.entries(from).filter(([k]) => k.startsWith(`${key}_`)).map(([k, v]) => [k.slice(key.length + 1), v]));
  return { eyebrow: h.results.searchingFor, modify: h.results.modify, filters: h.results.filters, rooms: plural(h.search, 'roomCount'), guests: plural(h.search, 'guestCount'), matches: plural(h.results, 'matches'), count: plural(h.results, 'count') };
};

/**
 * The shell: a public top bar, an empty hero, an empty results card and an empty visa page, filled and shown by the
 * script below for public routes only.
 */
const shell = (root: string) => `<div id="root"><div class="layout layout-public" data-shell style="display:none"><header class="topbar"><div class="topbar-inner"><a href="/" class="brand" aria-label="Safar"><span class="brand-mark" aria-hidden="true">${icon(root, 'plane')}</span><span class="brand-name">Safar</span></a></div></header><main class="layout-main"><section class="hero" style="display:none"><div class="hero-inner"><p class="eyebrow eyebrow-light"></p><h1 class="hero-title"></h1><p class="hero-lead"></p></div></section><div data-shell-visa style="display:none"><section class="cat-hero"><div class="cat-hero-inner"><p class="eyebrow eyebrow-light"></p><h1></h1><p class="cat-hero-lead"></p><div class="hero-search"><span class="field-input muted" style="white-space:nowrap;overflow:hidden"></span><span class="btn btn-primary"></span></div></div></section><div class="cat-page"><div class="cat-grid"><span class="cat-card card" style="display:none"><img class="cat-card-img" alt="" width="640" height="360" fetchpriority="high"><span class="cat-card-body"></span></span></div></div></div><div class="flights-page" data-shell-results style="display:none"><section class="card searching-for"><div><p class="eyebrow"></p><h1 class="searching-route"></h1><p class="muted"></p></div><span class="btn btn-secondary"></span></section></div><div class="flights-page hotels-page" data-shell-hotels style="display:none"><section class="card searching-for"><div><p class="eyebrow"></p><h1 class="searching-route"></h1><p class="muted"></p></div><span class="btn btn-secondary"></span></section><div class="results-layout"><aside class="filters filters-side card"></aside><section class="results-list"><div class="results-bar"><span class="btn btn-secondary filters-button">${icon(root, 'sliders', 18)}<span></span><span class="filters-matches"></span></span></div><p class="muted small result-count"></p><article class="card hotel-card" style="display:none"><img class="hotel-photo" alt="" width="240" height="160" fetchpriority="high"></article></section></div></div></main></div></div>`;

/**
 * The flight results card as the page's first render writes it (src/features/flights/Results.tsx): the searched
 * route, with the city names the search form saved in `previous_search` where it has them, the dates (written as
 * contract/format/time.ts's formatDay writes a day without its year), the
 * travellers and the cabin. On a phone its summary is the page's largest text until the offers come, so Lighthouse
 * found the largest paint waiting ~2 s for the whole app; painted here it comes with the first frame, and the app's
 * identical card replaces it without moving. The card's rules are in the entry's stylesheet (src/styles/results-head.css).
 */
const RESULTS_CARD = `function results(s){var u=new URLSearchParams(location.search);if(!u.get('flightType')&&!u.get('origin'))return;
var K=S[l],L={},rtl=l==='ar';try{L=(JSON.parse(localStorage.getItem('previous_search'))||{})._labels||{}}catch(e){}
function pl(c){return c?(L[c]||c):''}function rt(a,b,both){return pl(a)+' '+(both?'⇄':rtl?'←':'→')+' '+pl(b)}
var DF=new Intl.DateTimeFormat(rtl?'ar-u-nu-latn':'en-GB',{timeZone:'UTC',day:'numeric',month:'short',weekday:'short'});
function dy(d){return /^\\d{4}-\\d{2}-\\d{2}$/.test(d)?DF.format(new Date(d+'T12:00:00Z')).replace(/^([A-Za-z]{3}), /,'$1 '):d}
var ty=u.get('flightType'),tr=null,route,dates;try{tr=JSON.parse(u.get('trips'))}catch(e){}
if(ty==='multi-city'&&Array.isArray(tr)){route=tr.map(function(x){return rt(x.origin,x.destination)}).join(rtl?'، ':', ');dates=tr.map(function(x){return x.date}).filter(Boolean).map(dy).join(' – ')}
else{route=rt(u.get('origin'),u.get('destination'),ty==='return');dates=[u.get('departure_date'),ty==='return'?u.get('return_date'):null].filter(Boolean).map(dy).join(' – ')}
function num(k,d){var v=u.get(k);return Number(v===null?d:v)}var n=num('adults',1)+num('children',0)+num('infants',0);
var f=n===0&&K.travellers.zero?'zero':new Intl.PluralRules(l).select(n),c=u.get('cabin_class')||'Y';
var w=[dates,(K.travellers[f]||K.travellers.other).replace('{{count}}',n),K.cabins[c]||'flights.cabins.'+c].filter(Boolean).join(' · ');
var card=s.querySelector('[data-shell-results]'),x=card.querySelectorAll('p, h1, .btn');x[0].textContent=K.eyebrow;x[1].textContent=route;x[2].textContent=w;x[3].textContent=K.modify;card.style.display=''}`;

/**
 * The visa page's hero and, once the early list answers, its first card's picture in the card's place (the first
 * card as the page draws it: the same box, the same picture). On a phone that picture is the page's largest paint,
 * and it waited for the whole app to render (~1.3 s after it had arrived in Lighthouse's mobile run). The app then
 * draws the whole card over the same box. The rules are in the entry's stylesheet (src/styles/catalogue-head.css).
 */
const VISA_PAGE = `function visa(s){var v=V[l],x=s.querySelectorAll('[data-shell-visa] .cat-hero-inner > *, [data-shell-visa] .hero-search > *');
x[0].textContent=v[0];x[1].textContent=v[1];x[2].textContent=v[2];x[4].textContent=v[3];x[5].textContent=v[4];s.querySelector('[data-shell-visa]').style.display=''}
function visaPicture(u){var c=document.querySelector('[data-shell-visa] .cat-card');if(!c)return;var i=picture(c.querySelector('img'),u);c.style.display='';return i}`;

/**
 * The hotel results page down to its first hotel's photo, as the page draws it once the search has answered
 * (src/features/hotels/Results.tsx): the stay's card, the filters bar and the count, and the photo in the first
 * card's place. The search is asked for here with the address's stay, as the hotel flow's first search asks for it
 * (src/features/hotels/api.ts takes the answer by key). On a phone the photo is the page's largest paint, and it
 * waited for the entry, then the search, then the photo (LCP ~3.7 s in Lighthouse's mobile run). The app then draws
 * the whole page over the same boxes. The rules are in the entry's stylesheet (src/styles/results-head.css).
 */
const HOTEL_PAGE = `function hotels(s,H){var u=new URLSearchParams(location.search),d=u.get('destination'),m;try{m=JSON.parse(u.get('rooms'))}catch(e){}if(!d||!Array.isArray(m))return;
var K=N[l],c=s.querySelector('[data-shell-hotels]'),x=c.querySelectorAll('.searching-for p, .searching-for h1, .searching-for .btn'),b=c.querySelectorAll('.filters-button > span');
function pl(o,n){var f=n===0&&o.zero?'zero':new Intl.PluralRules(l).select(n);return (o[f]||o.other).replace('{{count}}',n)}
function fd(v){return v?new Intl.DateTimeFormat(l==='ar'?'ar-u-nu-latn':'en-GB',{timeZone:'UTC',year:'numeric',month:'short',day:'numeric'}).format(v.length===10?new Date(v+'T00:00:00Z'):new Date(v)):'—'}
var g=0;m.forEach(function(o){g+=o.adults+(o.children_ages?o.children_ages.length:0)});
x[0].textContent=K.eyebrow;x[1].textContent=u.get('label')!==null?u.get('label'):d;x[2].textContent=[fd(u.get('check_in'))+' – '+fd(u.get('check_out')),pl(K.rooms,m.length),pl(K.guests,g)].join(' · ');x[3].textContent=K.modify;b[0].textContent=K.filters;c.style.display='';
var q=new URLSearchParams({destination:d});['check_in','check_out'].forEach(function(k){if(u.get(k))q.set(k,u.get(k))});q.set('rooms',JSON.stringify(m));q.set('per_page','100');
var k='/hotels?'+q,a=fetch('/api'+k,{credentials:'include',headers:H}).then(function(x){return x.ok?x.json():null},function(){return null});(window.__early=window.__early||{})[k]={a:a,t:Date.now()};
shown(a.then(function(o){var h=o&&o.data,n=h&&h.length,f,y=o&&o.meta&&o.meta.destination;if(!n)return;
for(var i=0;i<n;i++)if(!f||parseFloat(h[i].cheapest.nightly.amount)<parseFloat(f.cheapest.nightly.amount))f=h[i];
if(y)x[1].textContent=(l==='ar'&&y.name_ar)||y.name;b[1].textContent=pl(K.matches,n);c.querySelector('.result-count').textContent=pl(K.count,n).replace('{{total}}',o.meta.total);
if(typeof f.photo==='string'&&f.photo){preloadImage(f.photo);var e=c.querySelector('.hotel-card');e.style.display='';return picture(e.querySelector('img'),f.photo)}}))}`;

/**
 * Runs right after #root is parsed: direction first (no flip from ltr to rtl), then the shell, then the downloads,
 * then the app. A file of its own, not inline: the server's CSP allows scripts from 'self' only.
 * - index.html names no script but this one and no preload: a phone on a slow link fetches the stylesheet and this
 *   file alone before its first paint, instead of sharing the link with ~150 KB of JavaScript (Lighthouse's mobile
 *   run had the first paint wait ~2.5 s for that).
 * - After the shell's first frame, the entry's files (`P`), the reader's dictionary and the route's chunk, its
 *   static imports and its CSS (`R`: [pattern, layout, file indexes]) are requested at once, as preloads, with the
 *   entry; CSS is preloaded, not applied, so that Vite's loader still waits for it before the screen renders.
 *   Requested before that frame, they shared the link with it: Lighthouse's mobile home put the first paint (the
 *   hero's title) after ~140 KB of them in about half its runs (LCP 1.4 s or 2.8 s from run to run).
 * - The GETs a public screen makes on mount (`R[i][3]`: key, URL, picture fields) start here too, and the first
 *   item's picture is preloaded as soon as the list arrives: on the visa page the largest paint is that picture,
 *   and it waited for the entry, then the list, then the picture, one after the other. src/api/early.ts adopts
 *   them from `window.__early` by key.
 * - The parts of the shell this page does not show leave the document: until the app renders, a hidden heading of
 *   another page's shell would still be found by a script (or a test) looking for the page's heading.
 * - The entry runs after the shell's first frame: evaluating it takes a few hundred milliseconds on a phone, and
 *   the page should be on screen meanwhile. A hidden tab gets no frames, so there it runs at once.
 * - Where the shell paints the page's first picture (`hold`: the visa page, hotel results), the entry's files are
 *   requested and the entry run once that picture is on screen, HOLD_MS at most after the first frame. Run earlier,
 *   the entry's evaluation and the app's first render held the main thread while the picture arrived, and the app's
 *   own copy of it, drawn later, was the largest paint (mobile visa LCP ~3.3 s); requested earlier, ~160 KB of
 *   script shared a phone's link with the picture (~3.0 s). The cost: the app starts up to HOLD_MS later where
 *   the page's list answers slowly.
 */
const HOLD_MS = 1000;
function script(entry: string, entryFiles: string[], files: string[], dict: Record<string, number>, routes: [string, string, number[], EarlyGet[]][], texts: Record<string, string[]>, results: Record<string, ResultsText>, visa: Record<string, string[]>, hotel: Record<string, ReturnType<typeof hotelText>>) {
  return `(function(){var E=${JSON.stringify(entry)},P=${JSON.stringify(entryFiles)},F=${JSON.stringify(files)},D=${JSON.stringify(dict)},R=${JSON.stringify(routes)},T=${JSON.stringify(texts)},S=${JSON.stringify(results)},V=${JSON.stringify(visa)},N=${JSON.stringify(hotel)};
var l;try{l=localStorage.getItem('locale')}catch(e){}if(l!=='ar')l='en';var h=document.documentElement;h.lang=l;h.dir=l==='ar'?'rtl':'ltr';
var p=location.pathname,r=R.filter(function(x){return new RegExp(x[0]).test(p)})[0];
var hold=null;function shown(d){hold=d.then(null,function(){})}
/** The shell's picture: resolves once it is loaded and decoded, ready for the next frame (or failed). */
function picture(i,u){var on=new Promise(function(ok){i.onload=function(){ok(i.decode&&i.decode())};i.onerror=ok});i.src=u;return on}
function preloadImage(u){var e=document.createElement('link');e.rel='preload';e.as='image';e.href=u;e.fetchPriority='high';document.head.appendChild(e)}
var H={Accept:'application/json','Accept-Language':l},k;try{k=localStorage.getItem('access_token')}catch(e){}if(k)H.Authorization='Bearer '+k;
if(r&&r[1]==='public'){var s=document.querySelector('[data-shell]');
if(p==='/'){var q=s.querySelectorAll('.hero > div > *');for(var i=0;i<3;i++)q[i].textContent=T[l][i];s.querySelector('.hero').style.display=''}
if(p==='/flight/search')results(s);if(p==='/visa')visa(s);if(p==='/hotel/search'&&window.fetch)hotels(s,H);s.style.display=''}
${RESULTS_CARD}
${VISA_PAGE}
${HOTEL_PAGE}
function link(f){var e=document.createElement('link');if(/\\.css$/.test(f)){e.rel='preload';e.as='style'}else{e.rel='modulepreload'}e.crossOrigin='';e.href=f;return e}
var z=document.querySelectorAll('[data-shell], [data-shell] .hero, [data-shell-results], [data-shell-visa], [data-shell-hotels]');for(var i=0;i<z.length;i++)if(z[i].style.display==='none')z[i].remove();
function pre(){var g=document.createDocumentFragment(),a=function(f){g.appendChild(link(f))};a(E);P.forEach(a);if(D[l]!=null)a('/'+F[D[l]]);if(r)r[2].forEach(function(i){a('/'+F[i])});document.head.appendChild(g)}
if(r&&r[1]==='public'&&r[3].length&&window.fetch){var W=window.__early=window.__early||{};
r[3].forEach(function(g){var a=fetch(g[1],{credentials:'include',headers:H}).then(function(x){return x.ok?x.json():null},function(){return null});W[g[0]]={a:a,t:Date.now()};
var v=p==='/visa'&&g[0].indexOf('/visas?')===0,d=g[2].length&&a.then(function(b){var f=b&&b.data&&b.data[0],u;if(f)for(var j=0;j<g[2].length&&!u;j++)u=f[g[2][j]];if(typeof u==='string'&&u){preloadImage(u);if(v)return visaPicture(u)}});if(v&&d)shown(d)})}
function go(){var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=E;document.head.appendChild(e)}
function run(){var t,once=function(){if(t!=null){clearTimeout(t);t=null;pre();go()}};t=setTimeout(once,${HOLD_MS});hold.then(function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(once,0)})})})}
if(document.visibilityState==='hidden'){pre();go()}else requestAnimationFrame(function(){setTimeout(function(){if(hold)run();else{pre();go()}},0)})})()\n`;
}

export function appShell(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let emitted: { fileName: string; source: string } | null = null;
  return {
    name: 'safar-app-shell',
    configResolved(config) { root = config.root; outDir = resolve(root, config.build.outDir); },
    writeBundle() {
      if (emitted) writeFileSync(resolve(outDir, emitted.fileName), emitted.source);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html; // the dev server: no chunks to name
        const files: string[] = [];
        const index = (f: string) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1);
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is OutputChunk => c.type === 'chunk');
        const byModule = (module: string) => chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.[jt]sx?$|\.json$/, '') === module.replace(/\.[jt]sx?$|\.json$/, ''));
        const entry = chunks.find((c) => c.isEntry);
        const inEntry = new Set<string>();
        const entryWalk = (f: string) => { if (inEntry.has(f)) return; inEntry.add(f); chunks.find((x) => x.fileName === f)?.imports.forEach(entryWalk); };
        if (entry) entryWalk(entry.fileName);
        const closure = (c: OutputChunk): string[] => {
          const out = new Set<string>();
          const walk = (ch: OutputChunk | undefined) => {
            if (!ch || out.has(ch.fileName) || inEntry.has(ch.fileName)) return;
            out.add(ch.fileName);
            for (const css of ch.viteMetadata?.importedCss ?? []) out.add(css);
            ch.imports.forEach((f) => walk(chunks.find((x) => x.fileName === f)));
          };
          walk(c);
          return [...out];
        };
        const dict: Record<string, number> = {};
        for (const lng of ['en', 'ar']) {
          const c = byModule(resolve(root, `locales/${lng}`));
          if (c) dict[lng] = index(c.fileName);
        }
        const routes: [string, string, number[], EarlyGet[]][] = readRoutes(root).map((r) => {
          const c = byModule(r.module);
          return [r.pattern, r.layout, c ? closure(c).map(index) : [], r.data];
        });
        const texts = { en: text(root, 'en'), ar: text(root, 'ar') };
        const results = { en: resultsText(root, 'en'), ar: resultsText(root, 'ar') };
        const visa = { en: visaText(root, 'en'), ar: visaText(root, 'ar') };
        // The entry and its preloads leave the HTML: the shell script starts them once the shell is shown.
        const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const entrySrc = entryTag.exec(html)?.[1];
        if (!entrySrc) throw new Error('app-shell: no entry script in index.html');
        const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const entryFiles = [...html.matchAll(preloadTag)].map((m) => m[1]);
        html = html.replace(entryTag, '').replace(preloadTag, '');
        const hotel = { en: hotelText(root, 'en'), ar: hotelText(root, 'ar') };
        const source = script(entrySrc, entryFiles, files, dict, routes, texts, results, visa, hotel);
        emitted = { fileName: `assets/shell-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`, source };
        return html.replace('<div id="root"></div>', `${shell(root)}<script src="/${emitted.fileName}"></script>`);
      },
    },
  };
}
