/** Where an owner's price alerts are listed: the customer's account area, or the agent portal. */
export const alertsPath = (role: 'customer' | 'agent') => (role === 'agent' ? '/agent/price-alerts' : '/price-alerts');
