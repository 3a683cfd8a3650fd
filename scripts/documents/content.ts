/**
 * Text of the downloadable policy documents in the footer (PAIA manual, website terms and conditions,
 * cookie policy). scripts/generate-documents.ts renders them to PDF in public/documents/.
 */
export interface DocSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}
export interface PolicyDoc {
  file: string;
  title: string;
  subtitle: string;
  sections: DocSection[];
}

const GROUP = 'Motus Subaru';
const HEAD_OFFICE = '212 Hendrik Potgieter Road, Ruimsig, Roodepoort, 1724';
const INFO_OFFICER_EMAIL = 'privacy@motus-subaru.co.za';
const PHONE = '011 958 1800';
const UPDATED = '1 November 2026';

export const DOCUMENTS: PolicyDoc[] = [
  {
    file: 'paia-manual.pdf',
    title: 'PAIA Manual',
    subtitle: `Manual of ${GROUP} in terms of section 51 of the Promotion of Access to Information Act 2 of 2000 (PAIA), updated ${UPDATED}`,
    sections: [
      {
        heading: '1. Purpose of this manual',
        paragraphs: [
          `This manual explains how to request access to records held by ${GROUP} and its dealerships ("the dealer group"), a private body under PAIA. It also describes the personal information the dealer group processes, as required by section 51(1)(c) of PAIA read with the Protection of Personal Information Act 4 of 2013 (POPIA).`,
        ],
      },
      {
        heading: '2. Contact details',
        bullets: [
          `Head office: ${HEAD_OFFICE}`,
          `Telephone: ${PHONE}`,
          `Information Officer: the Dealer Principal of the head office dealership, ${INFO_OFFICER_EMAIL}`,
          'Deputy Information Officers: the Dealer Principal of each dealership, at the dealership address shown on our website',
        ],
      },
      {
        heading: '3. Guide of the Information Regulator',
        paragraphs: [
          'The Information Regulator has published a guide on how to use PAIA and POPIA (section 10 of PAIA). It is available in all official languages from the Information Regulator, JD House, 27 Stiemens Street, Braamfontein, Johannesburg, 2001, from www.inforegulator.org.za and by e-mail at PAIAComplaints@inforegulator.org.za.',
        ],
      },
      {
        heading: '4. Records available without a request',
        bullets: [
          'Information on this website: vehicle range, prices, special offers and blog articles',
          'Brochures and product information published by the manufacturer',
          'Our privacy policy, website terms and conditions and cookie policy',
        ],
      },
      {
        heading: '5. Records held in terms of legislation',
        paragraphs: ['Records are kept as required by, among others:'],
        bullets: [
          'Companies Act 71 of 2008',
          'Consumer Protection Act 68 of 2008',
          'National Credit Act 34 of 2005',
          'Financial Intelligence Centre Act 38 of 2001',
          'Second-Hand Goods Act 6 of 2009',
          'National Road Traffic Act 93 of 1996',
          'Income Tax Act 58 of 1962 and Value-Added Tax Act 89 of 1991',
          'Basic Conditions of Employment Act 75 of 1997, Labour Relations Act 66 of 1995 and Employment Equity Act 55 of 1998',
          'Protection of Personal Information Act 4 of 2013',
        ],
      },
      {
        heading: '6. Categories of records held',
        bullets: [
          'Company records: incorporation documents, minutes, registers, dealer agreements',
          'Financial records: annual financial statements, accounting records, tax records',
          'Customer records: enquiries, quotes, sales agreements, delivery documents, vehicle registration and licensing records, finance and insurance applications, service and warranty records',
          'Vehicle records: stock records, vehicle history, second-hand goods registers, workshop job cards',
          'Employee records: employment contracts, payroll and benefits records, training records',
          'Supplier records: contracts and correspondence with suppliers and service providers',
        ],
      },
      {
        heading: '7. Processing of personal information (POPIA)',
        paragraphs: [
          'Purpose: to sell, finance, insure, service and repair vehicles; to answer enquiries and bookings; to meet legal obligations; and, with consent, to market our products and services.',
        ],
        bullets: [
          'Customers and prospective customers: names, contact details, identity numbers, addresses, vehicle details, and for finance applications employment, income, expense, bank and credit information',
          'Employees and job applicants: identity, contact, qualification, employment, remuneration and banking details',
          'Suppliers: company registration, contact, B-BBEE and banking details',
          'Recipients: the manufacturer and importer, banks and finance houses, insurers, credit bureaus, licensing authorities, and service providers who host our systems, under written agreements',
          'Cross-border flows: only to countries or providers with protection substantially similar to POPIA',
          'Security: access controls, encryption in transit, logging, staff confidentiality undertakings and regular review of safeguards',
        ],
      },
      {
        heading: '8. How to request access',
        paragraphs: [
          'Complete Form 2 (Request for access to record) prescribed under PAIA and send it to the Information Officer by e-mail or by hand. State the record you want, the form of access, and the right you want to exercise or protect. You must prove your identity, and the capacity in which you act if you request on behalf of someone else.',
          "We answer within 30 days of receiving a complete request, unless the period is extended as PAIA allows. We may refuse access on the grounds in Chapter 4 of Part 3 of PAIA, for example to protect another person's privacy or commercial information, and will give reasons.",
          'You may ask for your own personal information free of charge. For other records, the request and access fees prescribed in the PAIA regulations apply; we tell you the fee before we prepare the record.',
        ],
      },
      {
        heading: '9. Remedies',
        paragraphs: [
          'The dealer group has no internal appeal procedure. If you are not satisfied with our decision, you may complain to the Information Regulator within 180 days, or apply to court, as set out in sections 77A to 78 of PAIA.',
        ],
      },
      {
        heading: '10. Availability',
        paragraphs: [
          'This manual is available on our website and at every dealership for inspection free of charge.',
        ],
      },
    ],
  },
  {
    file: 'terms-and-conditions.pdf',
    title: 'Website Terms and Conditions',
    subtitle: `Terms of use of the ${GROUP} website, updated ${UPDATED}`,
    sections: [
      {
        heading: '1. Acceptance',
        paragraphs: [
          `These terms apply to your use of the website of ${GROUP} and its dealerships ("we", "us"). By using the website you accept them. If you do not accept them, please do not use the website. These terms are subject to the Consumer Protection Act 68 of 2008 and the Electronic Communications and Transactions Act 25 of 2002; nothing in them limits rights you have under those Acts.`,
        ],
      },
      {
        heading: '2. Prices, specifications and availability',
        bullets: [
          'Prices are in South African rand and include VAT unless stated otherwise. They exclude on-the-road costs such as licensing, registration and delivery unless stated.',
          'Vehicles, specifications, colours and equipment shown may differ from those available in South Africa and may change without notice. Pictures are for illustration.',
          'Pre-owned vehicles are subject to prior sale. A vehicle is reserved for you only once you have signed an offer to purchase and paid any agreed deposit.',
          'We take care to keep the website accurate, but errors and omissions excepted (E&OE): an obvious pricing or description error does not bind us, and we will tell you as soon as we become aware of it.',
        ],
      },
      {
        heading: '3. Special offers',
        paragraphs: [
          'Special offers are valid until the date shown, while stock lasts, at the dealerships named in the offer. Each offer has its own terms, shown on its page, which apply in addition to these terms. Offers cannot be combined unless stated.',
        ],
      },
      {
        heading: '4. Finance estimates and applications',
        bullets: [
          'Monthly instalments shown on the website are estimates based on the stated deposit, balloon, interest rate and term. They exclude fees, insurance and bank initiation fees and are not binding.',
          'The final rate, instalment and approval are decided by the credit provider after a credit assessment under the National Credit Act 34 of 2005.',
          'Submitting a finance application through the website is not an agreement to finance. You will receive a pre-agreement statement and quotation from the credit provider before you sign.',
          'You must give complete and true information in a finance application. Giving false information may be an offence.',
        ],
      },
      {
        heading: '5. Enquiries and bookings',
        paragraphs: [
          'When you send an enquiry, test-drive request, service booking or parts request, we use your information as our privacy policy describes to answer you. A booking is confirmed only once we confirm it to you by phone or e-mail.',
        ],
      },
      {
        heading: '6. Intellectual property',
        paragraphs: [
          'The website content, including text, pictures, logos and design, belongs to us, the manufacturer or our licensors. You may view and print it for personal use. Any other use needs our written permission. Brand names and logos are trade marks of their owners.',
        ],
      },
      {
        heading: '7. Acceptable use',
        paragraphs: [
          'You may not use the website unlawfully, send false or misleading enquiries, attempt to gain unauthorised access to our systems, or collect information from the website by automated means.',
        ],
      },
      {
        heading: '8. Links to other websites',
        paragraphs: [
          'The website links to other websites, such as maps and social media. We are not responsible for their content or privacy practices.',
        ],
      },
      {
        heading: '9. Liability',
        paragraphs: [
          'To the extent the law allows, we are not liable for loss arising from the use of, or inability to use, the website or from reliance on information on it, except loss caused by our gross negligence or wilful misconduct. This does not limit any liability that the Consumer Protection Act does not allow us to exclude.',
        ],
      },
      {
        heading: '10. Law and contact',
        paragraphs: [
          `These terms are governed by the law of the Republic of South Africa. Questions about these terms: ${PHONE} or ${INFO_OFFICER_EMAIL}. Our physical address for service of legal documents is ${HEAD_OFFICE}.`,
        ],
      },
    ],
  },
  {
    file: 'cookie-policy.pdf',
    title: 'Cookie Policy',
    subtitle: `How the ${GROUP} website uses cookies and browser storage, updated ${UPDATED}`,
    sections: [
      {
        heading: '1. What cookies and browser storage are',
        paragraphs: [
          'Cookies are small text files a website stores in your browser. Browser storage ("local storage") works in a similar way but is not sent to our servers with each request. Both let a website remember information between pages or visits.',
        ],
      },
      {
        heading: '2. What our website uses',
        paragraphs: [
          'We keep this to a minimum. Our website sets no advertising or cross-site tracking cookies. It uses the following, all of which are needed for features you use:',
        ],
        bullets: [
          'dealer_slug (local storage): remembers which of our dealerships you chose, so enquiries go to the right team. Kept until you clear it or return to our home page.',
          'finance_application (local storage): keeps the finance application you are filling in on your own device, so you do not lose your progress. It stays in your browser until you submit or clear it; you can clear it at any time in your browser settings. Use a private browsing window on a shared device.',
        ],
      },
      {
        heading: '3. Server logs',
        paragraphs: [
          'Like any website, our server records technical information about requests (such as IP address, browser type and the page requested) to keep the website secure and to stop abuse of our forms. These logs are kept for 90 days.',
        ],
      },
      {
        heading: '4. Third-party content',
        paragraphs: [
          'The contact page shows a map from OpenStreetMap, and the "Get directions" link opens Google Maps. When you use these, those services receive your IP address and may set their own cookies under their own policies. Links to social media work the same way.',
        ],
      },
      {
        heading: '5. Your choices',
        paragraphs: [
          'You can block or delete cookies and local storage in your browser settings. The website still works, but it will not remember your chosen dealership or a finance application in progress.',
        ],
      },
      {
        heading: '6. Questions',
        paragraphs: [
          `Contact our Information Officer at ${INFO_OFFICER_EMAIL} or ${PHONE}. See also our privacy policy on the website.`,
        ],
      },
    ],
  },
];
