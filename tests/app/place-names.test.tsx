// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import en from '../../locales/en.json';
import { initI18n, setLanguage } from '../../src/i18n';
import { useAircraftName, useAirlineName, useAirportName } from '../../src/i18n/places';

/**
 * Airline, airport and aircraft names on screen: as the data writes them in English, in Arabic once the language
 * is switched (its naming rules arrive with its dictionary, not in the first load).
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Names() {
  const airline = useAirlineName();
  const airport = useAirportName();
  const aircraft = useAircraftName();
  return (
    <p>
      {airline({ code: 'PK', name: 'Pakistan International Airlines' })}|{airport({ code: 'XQZ', name: 'Gatwick Airport', city: 'London' })}|{aircraft('Airbus A320neo')}
    </p>
  );
}

beforeAll(async () => { await initI18n('en', en); });

describe('names in the reader language', () => {
  it('stays as written in English and follows the naming rules in Arabic', async () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    await act(async () => { root.render(<Names />); });
    expect(host.textContent).toBe('Pakistan International Airlines|Gatwick Airport|Airbus A320neo');
    await act(() => setLanguage('ar'));
    const [airline, airport, aircraft] = host.textContent!.split('|');
    expect(airline).toBe('الخطوط الجوية الباكستانية الدولية');
    expect(airport).toBe('مطار لوندون غاتويك'); // its city transliterated: XQZ is in no table
    expect(aircraft).toBe('إيرباص A320neo');
    await act(() => setLanguage('en'));
    expect(host.textContent).toBe('Pakistan International Airlines|Gatwick Airport|Airbus A320neo');
    act(() => root.unmount());
  });
});
