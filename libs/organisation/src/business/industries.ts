/** Industries a business may declare; the id is stored, the name is shown (the web app translates by id). */
export const INDUSTRIES: readonly { id: string; name: string }[] = [
  { id: 'health', name: 'Health and clinics' },
  { id: 'dental', name: 'Dental care' },
  { id: 'pharmacy', name: 'Pharmacy' },
  { id: 'public_service', name: 'Public service and administration' },
  { id: 'bank', name: 'Bank and insurance' },
  { id: 'telecom', name: 'Telecommunications' },
  { id: 'retail', name: 'Retail and shops' },
  { id: 'beauty', name: 'Beauty and hairdressing' },
  { id: 'education', name: 'Education' },
  { id: 'restaurant', name: 'Restaurants and hospitality' },
  { id: 'automotive', name: 'Automotive services' },
  { id: 'legal', name: 'Legal and consulting' },
  { id: 'transport', name: 'Transport and travel' },
  { id: 'utilities', name: 'Utilities' },
  { id: 'other', name: 'Other' },
];

export const INDUSTRY_IDS: readonly string[] = INDUSTRIES.map((i) => i.id);
