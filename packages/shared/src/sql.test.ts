import { scanSql, splitStatements, toPositionalParameters } from './sql';

describe('toPositionalParameters', () => {
  it('numbers named parameters in order of first use and reuses a number for a repeated name', () => {
    const result = toPositionalParameters('select * from t where a = :a and b = :b or a2 = :a');

    expect(result.text).toBe('select * from t where a = $1 and b = $2 or a2 = $1');
    expect(result.names).toEqual(['a', 'b']);
  });

  it('leaves :: casts alone, including a cast right after a parameter', () => {
    const result = toPositionalParameters('select :id::uuid, now()::date, x::text[]');

    expect(result.text).toBe('select $1::uuid, now()::date, x::text[]');
    expect(result.names).toEqual(['id']);
  });

  it.each([
    ["select ':a' as s", 'single-quoted literal'],
    ["select 'it''s :a' as s", 'literal with a doubled quote'],
    ["select E'\\' :a' as s", 'escape string with a backslash-escaped quote'],
    ['select $$ :a $$ as s', 'dollar-quoted body'],
    ['select $fn$ :a $x$ $fn$ as s', 'tagged dollar quote containing another tag'],
    ['select 1 as ":a"', 'quoted identifier'],
    ['select 1 -- :a', 'line comment'],
    ['select /* :a /* nested :b */ :c */ 1', 'nested block comment'],
    ["select U&'\\0041 :a'", 'unicode escape literal'],
  ])('does not treat :name inside a %s (%s) as a parameter', (sql) => {
    const result = toPositionalParameters(sql);

    expect(result.text).toBe(sql);
    expect(result.names).toEqual([]);
  });

  it('finds parameters next to literals and after an escape string ends', () => {
    const result = toPositionalParameters("select E'a\\\\':x, 'y'||:y");

    expect(result.text).toBe("select E'a\\\\'$1, 'y'||$2");
    expect(result.names).toEqual(['x', 'y']);
  });

  it('does not treat an identifier ending in e before a quote as an escape string prefix', () => {
    const result = toPositionalParameters("select some'\\' , :p");

    // The literal is '\' (standard strings: the backslash is plain), so :p is code.
    expect(result.names).toEqual(['p']);
  });

  it('keeps existing positional parameters and := assignments untouched', () => {
    expect(toPositionalParameters('select $1, :b').text).toBe('select $1, $1');
    expect(toPositionalParameters('x := 1').names).toEqual([]);
  });

  it('ignores array slices written with numbers', () => {
    expect(toPositionalParameters('select a[1:2] from t').names).toEqual([]);
  });
});

describe('splitStatements', () => {
  it('splits on top-level semicolons and trims', () => {
    expect(splitStatements(' create table a (x int);\ninsert into a values (1) ; ')).toEqual([
      'create table a (x int)',
      'insert into a values (1)',
    ]);
  });

  it('drops empty statements and comment-only statements', () => {
    expect(splitStatements(';; -- nothing\n ; /* still nothing */ ; select 1;')).toEqual([
      'select 1',
    ]);
  });

  it('does not split inside literals, identifiers, dollar quotes or comments', () => {
    const fn = `create function f() returns int language plpgsql as $body$
begin
  perform 'a;b';
  return 1;
end
$body$`;
    const script = `${fn};
select 'x;y', "a;b", E'\\';' -- c;d
;/* e;f */ select 2`;

    expect(splitStatements(script)).toEqual([
      fn,
      `select 'x;y', "a;b", E'\\';' -- c;d`,
      '/* e;f */ select 2',
    ]);
  });

  it('keeps a last statement without a semicolon', () => {
    expect(splitStatements('select 1; select 2')).toEqual(['select 1', 'select 2']);
  });
});

describe('scanSql', () => {
  it('gives back the input when its segments are joined', () => {
    const sql = "select 'a', \"b\", $t$c$t$, E'd\\'' -- e\n/* f */ from g";

    const segments = scanSql(sql);

    expect(segments.map((s) => s.text).join('')).toBe(sql);
    expect(segments.map((s) => s.kind)).toEqual([
      'code',
      'string',
      'code',
      'identifier',
      'code',
      'dollar',
      'code',
      'string',
      'code',
      'comment',
      'code',
      'comment',
      'code',
    ]);
  });

  it('treats an unterminated literal as running to the end', () => {
    expect(scanSql("select 'abc").map((s) => s.kind)).toEqual(['code', 'string']);
  });
});
