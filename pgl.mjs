import { PGlite } from '@electric-sql/pglite';
let t=Date.now(); const db = new PGlite(); await db.query('select 1'); console.log('boot', Date.now()-t);
await db.exec('create table a(id serial primary key, x text); insert into a(x) values (\'hi\')');
t=Date.now(); const c = await db.clone?.(); if (c) { console.log((await c.query('select * from a')).rows, 'clone', Date.now()-t);}
t=Date.now(); const dump = await db.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size);
t=Date.now(); const d2 = new PGlite({loadDataDir: dump}); console.log((await d2.query('select * from a')).rows, 'load', Date.now()-t);
